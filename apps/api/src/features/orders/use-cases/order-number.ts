import { numberFreeStatuses, type OrderStatus } from '@expedo/domain'
import type { OrdersRepository } from '../orders.repository.ts'
import { OrderRefusal } from './order-refusal.ts'

/** Whether an order in `status` holds its number (every status but Draft and Canceled). */
export const holdsNumber = (status: string) => !numberFreeStatuses.includes(status as OrderStatus)

/**
 * Inside the transaction that makes an order hold `clientOrderNr` (a create, Validate of a Draft, a new
 * number on an active order): 409 DUPLICATE_ORDER_NUMBER naming the business client's active order that
 * already has it. Concurrent claims of one number take turns, so 50 parallel retries create one order.
 */
export async function claimOrderNumber(
  repo: OrdersRepository,
  order: { id?: string; businessclientId: string; clientOrderNr: string },
): Promise<void> {
  const nr = order.clientOrderNr
  if (!nr) return
  const holder = await repo.claimNumber(order.businessclientId, nr, order.id)
  if (!holder) return
  throw new OrderRefusal(
    'duplicateNumber',
    'DUPLICATE_ORDER_NUMBER',
    `Order number ${nr} is already used by order ${holder.internalNumericId} (${holder.status})`,
    { clientOrderNr: `is already used by order ${holder.internalNumericId}` },
    { existing: { _id: holder.id, name: String(holder.internalNumericId) } },
  )
}
