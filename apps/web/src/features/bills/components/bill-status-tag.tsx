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
  return <Tag color={billStatusColors[status]}>{t(`status.${status}`)}</Tag>
}
