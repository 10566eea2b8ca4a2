import type { Order } from '@expedo/domain'
import {
  type OrderDetailSlots,
  OrderDetailSlotsContext,
} from '@/features/orders/components/detail/order-slots'
import { OrderDetailPage as OrderDetailScreen } from '@/features/orders/pages/order-detail-page'
import { RefundButton } from '@/features/refunds/components/refund-button'

const slots: OrderDetailSlots = { refundAction: (order: Order) => <RefundButton order={order} /> }

/** /orders/:id — the orders feature's detail with the refunds feature's Refund button. */
export function OrderDetailPage() {
  return (
    <OrderDetailSlotsContext.Provider value={slots}>
      <OrderDetailScreen />
    </OrderDetailSlotsContext.Provider>
  )
}
