import type { AllocationReason } from '@expedo/domain'
import type { OrderItemRow, OrderRow, OrdersRepository, Who } from '../orders.repository.ts'

export interface AllocateOptions {
  /** Only this warehouse may serve the order (a ship-from chosen by staff); else any warehouse. */
  warehouseId?: string | null
  /** Why allocation ran again, for the change log (e.g. goodsReceived). */
  reason?: AllocationReason
}

/**
 * Allocation of a New order (docs/domain.md "Orders", "Stock"), inside the caller's transaction with the order
 * locked and holding no blocks: finds ONE warehouse whose cards of the business client have every item
 * available, locks those cards (in id order), moves the quantity from available to blocked with a
 * conditional update, records the blocks and sets Order Ready for picking; otherwise No goods (keeping a
 * chosen warehouse). An order without items stays as it is.
 */
export async function allocate(
  repo: OrdersRepository,
  order: OrderRow,
  items: OrderItemRow[],
  who: Who,
  options: AllocateOptions = {},
): Promise<OrderRow['status']> {
  if (!items.length) return order.status
  const reason = options.reason ? { reason: options.reason } : {}
  const only = options.warehouseId ?? null
  const needed = new Map<string, number>()
  for (const item of items) needed.set(item.sku, (needed.get(item.sku) ?? 0) + item.quantity)

  const cards = await repo.cardsOf(order.businessclientId, [...needed.keys()])
  const byWarehouse = new Map<string, typeof cards>()
  for (const card of cards)
    byWarehouse.set(card.warehouseId, [...(byWarehouse.get(card.warehouseId) ?? []), card])

  // Warehouses in a stable order (by id, as cardsOf sorts them): every allocation locks in the same order.
  for (const [warehouseId, whCards] of byWarehouse) {
    if (only && warehouseId !== only) continue
    if (!covers(whCards, needed)) continue
    const locked = await repo.lockCards(whCards.map((c) => c.id))
    if (!covers(locked, needed)) continue
    const cardOf = new Map(locked.map((c) => [c.sku, c]))
    for (const [sku, quantity] of needed) {
      // Cannot fail under the lock; the condition is the database's own guard against overselling.
      if (!(await repo.block(cardOf.get(sku)!.id, quantity))) throw new Error(`allocation lost card ${sku}`)
    }
    await repo.insertBlocks(
      items.map((item) => ({
        orderId: order.id,
        orderItemId: item.id,
        inventoryCardId: cardOf.get(item.sku)!.id,
        quantity: item.quantity,
      })),
    )
    await repo.setStatus(order.id, 'Order Ready for picking', warehouseId)
    await repo.log(
      order.id,
      order.status === 'Order Ready for picking'
        ? { event: 'stockBlockedAgain', params: reason }
        : {
            event: 'statusChanged',
            params: { from: order.status, to: 'Order Ready for picking', stock: 'blocked', ...reason },
          },
      who,
    )
    return 'Order Ready for picking'
  }
  if (order.status !== 'No goods') {
    await repo.setStatus(order.id, 'No goods', only)
    await repo.log(
      order.id,
      { event: 'statusChanged', params: { from: order.status, to: 'No goods', ...reason } },
      who,
    )
  }
  return 'No goods'
}

/**
 * Allocation when the business profile's automatic blocking is on (docs/domain.md "Orders"); an order whose
 * profile blocks manually stays as it is.
 */
export async function allocateIfAutomatic(
  repo: OrdersRepository,
  order: OrderRow,
  who: Who,
  options: AllocateOptions = {},
): Promise<OrderRow['status']> {
  const client = await repo.businessClient(order.businessclientId)
  if (!client?.automaticBlockingGoods) return order.status
  return allocate(repo, order, await repo.items(order.id), who, options)
}

/** Blocked stock back to available, exactly what the order's blocks hold; the blocks are removed. */
export async function release(repo: OrdersRepository, orderId: string): Promise<number> {
  const blocks = await repo.blocksOf(orderId)
  if (!blocks.length) return 0
  const perCard = new Map<string, number>()
  for (const b of blocks) perCard.set(b.cardId, (perCard.get(b.cardId) ?? 0) + b.quantity)
  await repo.lockCards([...perCard.keys()])
  for (const [cardId, quantity] of [...perCard].sort(([a], [b]) => a.localeCompare(b))) {
    await repo.unblock(cardId, quantity)
  }
  await repo.deleteBlocks(orderId)
  return blocks.length
}

function covers(cards: { sku: string; available: number }[], needed: Map<string, number>): boolean {
  const available = new Map(cards.map((c) => [c.sku, c.available]))
  for (const [sku, quantity] of needed) if ((available.get(sku) ?? 0) < quantity) return false
  return true
}
