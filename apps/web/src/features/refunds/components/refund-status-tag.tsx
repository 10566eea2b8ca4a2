import type { RefundStatus } from '@expedo/domain'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const colors: Record<RefundStatus, string> = {
  New: 'blue',
  Approved: 'cyan',
  'not sent': 'default',
  Rejected: 'default',
  'Pending Bank Confirmation': 'gold',
  duplicate: 'orange',
  Refunded: 'green',
  error: 'red',
}

/**
 * A refund's status with a fixed colour per status; a long one ('Pending Bank Confirmation') wraps between
 * words where its column is narrow.
 */
export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const { t } = useTranslation('refunds')
  return (
    <Tag color={colors[status]} style={{ whiteSpace: 'normal' }}>
      {t(`status.${status}`)}
    </Tag>
  )
}
