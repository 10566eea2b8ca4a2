import { planLocations } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/database.ts'
import { inventoryCards, locationStock, warehouseLocations, warehouses } from '../schema/index.ts'
import { generator, insertChunked } from './stock.ts'

/** The demo floor of each warehouse: zone A, 6 aisles × 8 racks × 4 levels (192 locations, A-01-01-1 … A-06-08-4). */
const DEMO_FLOOR = {
  zone: 'A',
  aisles: { from: 1, to: 6 },
  racks: { from: 1, to: 8 },
  levels: { from: 1, to: 4 },
}

/**
 * Locations for every warehouse and its stock lying in them, after the stock seed (run before orders: they
 * only reserve stock, which lies where it lies). Each card's goods lie in one storage location, a few split over
 * two, and one card in ten still partly in receiving (received, not yet put away). Written as opening balances,
 * as the locations migration placed existing stock: the seeded ledger predates locations.
 */
export async function seedLocations(tx: Tx): Promise<void> {
  const rnd = generator(25_001)
  const whs = await tx.select({ id: warehouses.id }).from(warehouses).orderBy(warehouses.id)
  const plan = planLocations(DEMO_FLOOR)
  const floor = whs.flatMap((w) =>
    plan.map(({ step, ...l }) => ({ ...l, warehouseId: w.id, pickOrder: step + 1 })),
  )
  await insertChunked(floor, (chunk) => tx.insert(warehouseLocations).values(chunk).onConflictDoNothing())
  const locations = await tx
    .select({
      id: warehouseLocations.id,
      warehouseId: warehouseLocations.warehouseId,
      kind: warehouseLocations.kind,
    })
    .from(warehouseLocations)
    .orderBy(warehouseLocations.pickOrder, warehouseLocations.code)
  const cards = await tx
    .select({
      id: inventoryCards.id,
      warehouseId: inventoryCards.warehouseId,
      total: sql<number>`${inventoryCards.total}`,
    })
    .from(inventoryCards)
    .where(sql`${inventoryCards.total} > 0`)
    .orderBy(inventoryCards.id)
  const rows: (typeof locationStock.$inferInsert)[] = []
  const next = new Map<string, number>()
  for (const card of cards) {
    const storage = locations.filter((l) => l.warehouseId === card.warehouseId && l.kind === 'storage')
    const receiving = locations.find((l) => l.warehouseId === card.warehouseId && l.kind === 'receiving')
    if (!storage.length || !receiving) continue
    // Cards fill the first 80 % of the pick path (sharing locations when many), the rest is empty for putaway.
    const at = (next.get(card.warehouseId) ?? 0) % Math.floor(storage.length * 0.8)
    next.set(card.warehouseId, at + 1)
    const home = storage[at]!
    let left = card.total
    const r = rnd.next()
    if (r < 0.1 && left > 1) {
      const waiting = rnd.int(1, left - 1)
      rows.push({ locationId: receiving.id, inventoryCardId: card.id, quantity: waiting })
      left -= waiting
    } else if (r < 0.25 && left > 1) {
      const second = storage[(at + 7) % Math.floor(storage.length * 0.8)]!
      const there = rnd.int(1, left - 1)
      rows.push({ locationId: second.id, inventoryCardId: card.id, quantity: there })
      left -= there
    }
    rows.push({ locationId: home.id, inventoryCardId: card.id, quantity: left })
  }
  await insertChunked(rows, (chunk) => tx.insert(locationStock).values(chunk))
}
