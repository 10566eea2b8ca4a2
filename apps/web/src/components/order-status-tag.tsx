import type { OrderStatus } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { orderStatusColors, StatusTag } from '../../../components/status-tag'

/** An order's status badge: fixed colour per status (spec part 2 §4), label in the user's language. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders')
  return <StatusTag status={status} colors={orderStatusColors} label={t(`status.${status}`)} />
}
