import type { Tx } from '../../../platform/db/database.ts'
import { createOrdersRepository } from '../orders.repository.ts'

/**
 * A confirmed short pick (issue 25): `missing` units of the card are gone from the shelf. They leave the card's
 * available stock if it has them; only what available lacks is taken from the order's own reservation (its
 * blocks shrink and turn available, for the adjustment that follows), so no other order loses its goods and
 * the card never goes below zero. Answers how many units the order no longer holds.
 */
export async function releaseShortPicked(
  tx: Tx,
  orderId: string,
  cardId: string,
  missing: number,
): Promise<number> {
  const repo = createOrdersRepository(tx)
  const [card] = await repo.lockCards([cardId])
  const deficit = Math.max(0, missing - (card?.available ?? 0))
  if (!deficit) return 0
  const released = await repo.shrinkBlocks(orderId, cardId, deficit)
  if (released) await repo.unblock(cardId, released)
  return released
}
