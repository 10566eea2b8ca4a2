import type { BillStatus } from '@expedo/domain'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

/** Spec §4 Bill: overdue red, paid green, unpaid yellow; pending approval grey. */
export const billStatusColors: Record<BillStatus, string> = {
  pending: 'default',
  'notpaid-indue': 'gold',
  'notpaid-overdue': 'red',
  paid: 'green',
}

export function BillStatusTag({ status }: { status: BillStatus }) {
  const { t } = useTranslation('bills')
  // Wraps between words where its column is narrow (Czech 'Nezaplaceno – po splatnosti').
  return (
    <Tag color={billStatusColors[status]} style={{ whiteSpace: 'normal' }}>
      {t(`status.${status}`)}
    </Tag>
  )
}
