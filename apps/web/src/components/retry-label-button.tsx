import { ReloadOutlined } from '@ant-design/icons'
import type { LabelState } from '@expedo/domain'
import { Button, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useLabelActions } from '@/lib/use-order-label'
import { ConfirmButton } from './confirm-button'

/**
 * Retry label, the one button of the order detail and the packing station: a failed label is asked for
 * again at once; a label in doubt (the courier may hold one whose answer was lost) only after the person
 * confirms they checked the courier's portal, or the parcel would get two labels. Nothing for other states.
 */
export function RetryLabelButton({
  orderId,
  state,
  size,
}: {
  orderId: string
  state: LabelState
  size?: ButtonProps['size']
}) {
  const { t } = useTranslation('orders')
  const { request } = useLabelActions(orderId)
  const retry = () => request.mutateAsync()
  if (state.status === 'failed')
    return (
      <Button
        size={size}
        icon={<ReloadOutlined />}
        loading={request.isPending}
        onClick={() => void retry().catch(() => {})}
      >
        {t('label.retry')}
      </Button>
    )
  if (state.status === 'inDoubt')
    return (
      <ConfirmButton
        size={size}
        icon={<ReloadOutlined />}
        confirmTitle={t('label.retryDoubtTitle')}
        confirmDescription={t('label.retryDoubtText', { courier: state.courier ?? '' })}
        okText={t('label.retryDoubtYes')}
        loading={request.isPending}
        onConfirm={retry}
      >
        {t('label.retry')}
      </ConfirmButton>
    )
  return null
}
