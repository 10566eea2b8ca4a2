import type { Tx } from '../../../platform/db/database.ts'
import { shipBlocked } from '../../stock/index.ts'
import type { OrderRow, OrdersRepository, Who } from '../orders.repository.ts'
import { OrderRefusal } from './order-refusal.ts'

/**
 * An order entering Shipping (docs/domain.md "Stock"): in the caller's transaction, each card's blocked quantity
 * becomes an outbound movement (triggredBy Order, the order as its source) and the blocks are removed. What
 * picking took to the packing location leaves from there.
 * Answers the number of movements.
 */
export async function shipOrder(tx: Tx, repo: OrdersRepository, order: OrderRow, who: Who): Promise<number> {
  if (!order.warehouseId) throw new OrderRefusal('noWarehouse', 'CONFLICT', 'Order has no warehouse')
  const perCard = new Map<string, number>()
  for (const b of await repo.blocksOf(order.id))
    perCard.set(b.cardId, (perCard.get(b.cardId) ?? 0) + b.quantity)
  const ref = order.clientOrderNr || String(order.internalNumericId)
  // One statement locks the cards in the database's id order (as allocation and release do).
  await repo.lockCards([...perCard.keys()])
  // Picked goods wait at the packing location: those units leave from there, the rest from where they lie.
  const packed = new Map((await repo.pickedAtPacking(order.id)).map((p) => [p.cardId, p]))
  for (const [cardId, quantity] of perCard) {
    const fromPacking = Math.min(quantity, packed.get(cardId)?.quantity ?? 0)
    const parts: [number, string | null][] = [
      [fromPacking, packed.get(cardId)?.locationId ?? null],
      [quantity - fromPacking, null],
    ]
    for (const [part, locationId] of parts) {
      if (part <= 0) continue
      await shipBlocked(tx, {
        cardId,
        quantity: part,
        locationId,
        actionSource: { id: order.id, ref },
        // Trigger 'Order' and the order as its source say it all, in the reader's language on screen.
        description: '',
        createdBy: who.userId,
      })
    }
  }
  await repo.deleteBlocks(order.id)
  return perCard.size
}
