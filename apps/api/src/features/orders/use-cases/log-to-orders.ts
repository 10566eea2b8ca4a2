import type { ChangeLogEntry } from '@expedo/domain'
import type { DbOrTx } from '../../../platform/db/database.ts'
import { createOrdersRepository, type Who } from '../orders.repository.ts'

/** Change-log entries of orders, in the caller's transaction (the floor's waves and scans). */
export async function logToOrders(
  db: DbOrTx,
  list: { orderId: string; entry: ChangeLogEntry }[],
  who: Who,
): Promise<void> {
  await createOrdersRepository(db).logEach(list, who)
}
