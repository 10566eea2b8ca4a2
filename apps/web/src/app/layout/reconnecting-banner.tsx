import { LoadingOutlined } from '@ant-design/icons'
import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import { useReconnecting } from '@/lib/api-client'

/** 'Reconnecting...' while the server does not answer (spec part 1 §8). */
export function ReconnectingBanner() {
  const { t } = useTranslation('layout')
  const reconnecting = useReconnecting()
  if (!reconnecting) return null
  return (
    <Alert
      banner
      type="warning"
      icon={<LoadingOutlined />}
      showIcon
      title={t('reconnecting')}
      role="status"
    />
  )
}
