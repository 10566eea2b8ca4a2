import type { ChangeLogEntry } from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import {
  createOrdersRepository,
  type OrderInsert,
  type OrderItemInsert,
  type OrderRow,
  type Who,
} from '../orders.repository.ts'
import { allocateIfAutomatic } from './allocate-order.ts'
import { assignDefaultCourier } from './assign-courier.ts'
import { claimOrderNumber } from './order-number.ts'

/**
 * The one way an order comes into being as New (docs/domain.md "Orders"), created in the UI or imported
 * from an e-shop, inside the caller's transaction: claims its number, inserts it with its lines, logs it,
 * assigns the default courier of its country and runs allocation.
 */
export async function insertNewOrder(
  tx: Tx,
  row: Omit<OrderInsert, 'status'>,
  items: Omit<OrderItemInsert, 'orderId'>[],
  who: Who,
  options: { created?: ChangeLogEntry; alwaysDefaultCourier?: boolean } = {},
): Promise<OrderRow> {
  const r = createOrdersRepository(tx)
  await claimOrderNumber(r, {
    businessclientId: row.businessclientId,
    clientOrderNr: row.clientOrderNr ?? '',
  })
  const order = await r.insert({ ...row, status: 'New' }, items)
  await r.log(order.id, options.created ?? { event: 'created', params: { status: 'New' } }, who)
  await assignDefaultCourier(r, order, who, { always: options.alwaysDefaultCourier === true })
  await allocateIfAutomatic(r, order, who)
  return order
}
