import type { Order } from '@expedo/domain'
import { createContext, type ReactNode, useContext } from 'react'

/**
 * What other features add to the order detail. Features never import each other: the app's route for the
 * screen (app/routes/order-detail-page.tsx) fills these in.
 */
export interface OrderDetailSlots {
  /** The Refund button and its 'Create New Refund' modal (the refunds feature). */
  refundAction?: (order: Order) => ReactNode
}

export const OrderDetailSlotsContext = createContext<OrderDetailSlots>({})
export const useOrderDetailSlots = (): OrderDetailSlots => useContext(OrderDetailSlotsContext)
