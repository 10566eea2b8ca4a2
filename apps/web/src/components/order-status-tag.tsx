import { isOrderStatus } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { orderStatusColors, StatusTag } from './status-tag'

/**
 * An order's status badge: fixed colour per status (spec part 2 §4), label in the user's language. Every
 * screen that shows an order's status shows it through this (the orders list, the detail, a COD transfer);
 * a status the app does not know shows as sent.
 */
export function OrderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('orders')
  return (
    <StatusTag
      status={status}
      colors={orderStatusColors}
      label={isOrderStatus(status) ? t(`status.${status}`) : status}
    />
  )
}
