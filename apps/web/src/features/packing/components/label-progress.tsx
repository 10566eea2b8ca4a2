import { PrinterOutlined } from '@ant-design/icons'
import { Alert, Button, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { RetryLabelButton } from '@/components/retry-label-button'
import { useDownload } from '@/components/use-download'
import { fetchAwbPdf, useLabelActions, useOrderLabel } from '@/lib/use-order-label'

/** Print label (the AWB PDF) once the courier has made it; nothing before. */
export function PrintLabelButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation('packing')
  const label = useOrderLabel(orderId)
  const { busy, download } = useDownload()
  const state = label.data
  if (state?.status !== 'created' || !state.awbPdf) return null
  return (
    <Button
      type="primary"
      size="large"
      icon={<PrinterOutlined />}
      loading={busy}
      onClick={() => void download(() => fetchAwbPdf(state))}
    >
      {t('label.print')}
    </Button>
  )
}

/**
 * The label's progress after Packed (asked again every 2 s while the courier makes it): "Creating the
 * label…", or the courier's refusal with Retry label (after a look at its portal when the answer was lost).
 */
export function LabelProgress({ orderId }: { orderId: string }) {
  const { t } = useTranslation('packing')
  const label = useOrderLabel(orderId)
  const { request } = useLabelActions(orderId)
  const state = label.data
  if (!state) return null
  const retry = () => request.mutateAsync()
  const box = { testId: 'packing-label', status: state.status }
  switch (state.status) {
    case 'requested':
      return (
        <div data-testid={box.testId} data-status={box.status} role="status">
          <Spin size="small" /> {t('label.creating')}
        </div>
      )
    case 'failed':
      return (
        <Alert
          data-testid={box.testId}
          data-status={box.status}
          type="error"
          showIcon
          title={t('label.failed')}
          description={state.error ?? undefined}
          action={<RetryLabelButton orderId={orderId} state={state} />}
        />
      )
    case 'inDoubt':
      return (
        <Alert
          data-testid={box.testId}
          data-status={box.status}
          type="warning"
          showIcon
          title={t('label.inDoubt')}
          description={state.error ?? undefined}
          action={<RetryLabelButton orderId={orderId} state={state} />}
        />
      )
    case 'unsupported':
      return (
        <Alert
          data-testid={box.testId}
          data-status={box.status}
          type="info"
          showIcon
          title={t('label.unsupported', { courier: state.courier ?? '—' })}
        />
      )
    case 'none':
      return (
        <Alert
          data-testid={box.testId}
          data-status={box.status}
          type="info"
          showIcon
          title={t('label.none')}
          action={
            <Button loading={request.isPending} onClick={() => void retry().catch(() => {})}>
              {t('label.create')}
            </Button>
          }
        />
      )
    case 'created':
      return null
  }
}
