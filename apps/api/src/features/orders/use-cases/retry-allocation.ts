import type { Db } from '../../../platform/db/database.ts'
import { createOrdersRepository, type Who } from '../orders.repository.ts'
import { allocateIfAutomatic } from './allocate-order.ts'

/**
 * Allocation retried when stock arrives (docs/domain.md "Orders"): the business client's No goods orders with a
 * line of one of `skus`, oldest first, each in its own transaction with the order locked and its status
 * checked again (a concurrent change wins). An order with a chosen warehouse is retried there only.
 * Answers how many orders got their stock.
 *
 * The caller runs it AFTER the receipt has committed, not inside it: the receipt holds its card's lock
 * while allocation locks orders and then cards, so one transaction would deadlock against an order being
 * validated at the same time (order first, then cards); and a receipt must never fail because of orders.
 */
export async function retryAllocation(
  db: Db,
  businessclientId: string,
  skus: string[],
  who: Who,
): Promise<number> {
  const ids = await createOrdersRepository(db).noGoodsOrdersWith(businessclientId, [...new Set(skus)])
  let allocated = 0
  for (const id of ids) {
    const status = await db.transaction(async (tx) => {
      const repo = createOrdersRepository(tx)
      const order = await repo.lock({ kind: 'all' }, id)
      if (order?.status !== 'No goods') return undefined
      return allocateIfAutomatic(repo, order, who, {
        warehouseId: order.warehouseId,
        reason: 'goodsReceived',
      })
    })
    if (status === 'Order Ready for picking') allocated++
  }
  return allocated
}
