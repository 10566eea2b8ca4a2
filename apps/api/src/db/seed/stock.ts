import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../../platform/db/database.ts'
import {
  companies,
  goodsReceived,
  inboundShipments,
  inventoryCards,
  products,
  stockMovements,
  warehouses,
} from '../schema/index.ts'

const DAY = 86_400_000
const transporters = ['PPL', 'DHL Freight', 'Toptrans', 'Raben', 'Geis', 'DB Schenker']
const adjustmentReasons = [
  'Inventura – rozdíl při počítání',
  'Damaged in warehouse',
  'Found during stock count',
  'Corecție inventar',
  'Returned from quality check',
]
// Recent shipments show the statuses of spec §4; older ones are processed.
const recentStatuses = ['New', 'pending', 'Shipping', 'Delivered', 'Partially Delivered'] as const

/** A small deterministic generator: the demo looks the same on every first start. */
export function generator(seed: number) {
  let s = seed
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    return s / 2 ** 31
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}

/** Inserts `rows` in statements of `size` rows (bulk, within the database's parameter limit). */
export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

type Card = typeof inventoryCards.$inferInsert & { id: string }
type Movement = typeof stockMovements.$inferInsert & { id: string; createdAt: Date }

/**
 * Stock for every product already in the database (none is fine): cards in the warehouses, a movement
 * history over the last 90 days (inbound receipts and adjustments, with consistent running balances),
 * inbound shipments in every status with their goods received, and a few unpaired goods per client.
 */
export async function seedStock(tx: Tx, clientIds: string[], now = new Date()): Promise<void> {
  const rnd = generator(90_210)
  const whs = await tx.select({ id: warehouses.id }).from(warehouses)
  const sellers = await tx.select({ id: companies.id }).from(companies)
  const catalogue = await tx
    .select({
      id: products.id,
      businessclientId: products.businessclientId,
      sku: products.sku,
      name: products.name,
    })
    .from(products)
  if (!whs.length || !clientIds.length) return
  const at = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * DAY + rnd.int(7, 16) * 3_600_000 + rnd.int(0, 3599) * 1000)
  // Its own generator: the shipping below leaves every other demo value as it was.
  const shipRnd = generator(31_337)

  /**
   * Demo turnover (the stock turnover report): on a few days of the last 30, goods go out to customers (an
   * 'Order' row) right after a restock of the same quantity, so each balance before and after the pair is
   * what the history above made it (and what the orders seed then allocates from).
   */
  function addShipping(own: Movement[]) {
    const out: Movement[] = []
    for (let i = shipRnd.int(1, 6); i > 0; i--) {
      const shippedAt = new Date(
        now.getTime() -
          shipRnd.int(1, 29) * DAY +
          shipRnd.int(8, 17) * 3_600_000 +
          shipRnd.int(0, 3599) * 1000,
      )
      if (shippedAt <= own[0]!.createdAt) continue
      const quantity = shipRnd.int(1, 12)
      const restockAt = new Date(shippedAt.getTime() - 20 * 60_000)
      const base = { inventoryCardId: own[0]!.inventoryCardId, quantityAvailable: 0, totalAfter: 0 }
      out.push(
        {
          ...base,
          id: uuidv7({ msecs: restockAt.getTime() }),
          quantity,
          triggredBy: 'Adjustment',
          description: 'Returned from quality check',
          createdAt: restockAt,
        },
        {
          ...base,
          id: uuidv7({ msecs: shippedAt.getTime() }),
          quantity: -quantity,
          triggredBy: 'Order',
          actionSourceRef: 'DEMO',
          description: 'Shipped to the customer',
          createdAt: shippedAt,
        },
      )
    }
    const all = [...own, ...out].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    let running = 0
    for (const m of all) {
      running += m.quantity
      m.quantityAvailable = running
      m.totalAfter = running
    }
    movements.push(...out)
  }

  // Shipments: per client and warehouse, one about every 9 days.
  const shipments: (typeof inboundShipments.$inferInsert & { id: string; createdAt: Date; day: number })[] =
    []
  for (const businessclientId of clientIds) {
    for (const wh of whs) {
      const days: number[] = []
      for (let day = 88; day >= 14; day -= rnd.int(7, 11)) days.push(day)
      days.push(10, 8, 6, 4, 2)
      for (const [i, day] of days.entries()) {
        const createdAt = at(day)
        const recent = day < 12
        const status = recent ? recentStatuses[(i + whs.indexOf(wh)) % recentStatuses.length]! : 'Processed'
        shipments.push({
          id: uuidv7({ msecs: createdAt.getTime() }),
          day,
          businessclientId,
          warehouseId: wh.id,
          sellerId: sellers.length ? sellers[rnd.int(0, sellers.length - 1)]!.id : null,
          transporter: transporters[rnd.int(0, transporters.length - 1)]!,
          nrOfPacks: rnd.int(1, 24),
          weightKg: String(rnd.int(20, 1800) + rnd.int(0, 9) / 10),
          volumeM3: String(rnd.int(1, 90) / 10),
          comment: recent ? 'Kontrola kvality probíhá' : '',
          status,
          processedAt: status === 'Processed' ? new Date(createdAt.getTime() + 2 * 3_600_000) : null,
          createdAt,
          updatedAt: createdAt,
        })
      }
    }
  }
  const shipmentsOf = new Map<string, typeof shipments>()
  for (const s of shipments) {
    const key = `${s.businessclientId}|${s.warehouseId}`
    shipmentsOf.set(key, [...(shipmentsOf.get(key) ?? []), s])
  }

  const cards: Card[] = []
  const movements: Movement[] = []
  const lines: (typeof goodsReceived.$inferInsert)[] = []

  function stockCard(
    businessclientId: string,
    warehouseId: string,
    sku: string,
    productId: string | null,
    unpaired = false,
  ) {
    const own = shipmentsOf.get(`${businessclientId}|${warehouseId}`) ?? []
    if (!own.length) return
    // Receipts come with some of this client's shipments to that warehouse; a few adjustments in between.
    const receipts = unpaired
      ? own.slice(-2, -1)
      : own.filter((sh, i) => i === 0 || rnd.next() < (sh.day < 12 ? 0.25 : 0.3))
    const events: { at: Date; shipment?: (typeof own)[number] }[] = receipts.map((s) => ({
      at: new Date(s.createdAt.getTime() + rnd.int(30, 240) * 60_000),
      shipment: s,
    }))
    for (let i = unpaired ? 0 : rnd.int(0, 2); i > 0; i--) events.push({ at: at(rnd.int(1, 80)) })
    events.sort((a, b) => a.at.getTime() - b.at.getTime())
    while (events.length && !events[0]!.shipment) events.shift()
    if (!events.length) return
    const card: Card = {
      id: uuidv7({ msecs: events[0]!.at.getTime() }),
      warehouseId,
      businessclientId,
      productId,
      sku,
      description: unpaired ? 'Nepárované zboží – chybí produkt' : '',
      inhousePosition: `${String.fromCharCode(65 + rnd.int(0, 7))}-${String(rnd.int(1, 30)).padStart(2, '0')}-${rnd.int(1, 6)}`,
      available: 0,
      blocked: 0,
      createdAt: events[0]!.at,
      updatedAt: events.at(-1)!.at,
    }
    let available = 0
    const first = movements.length
    for (const event of events) {
      const quantity = event.shipment
        ? rnd.int(12, 240)
        : Math.max(-available, rnd.next() < 0.6 ? -rnd.int(1, 6) : rnd.int(1, 4))
      if (quantity === 0) continue
      available += quantity
      const id = uuidv7({ msecs: event.at.getTime() })
      const damaged = event.shipment && rnd.next() < 0.15 ? rnd.int(1, 3) : 0
      movements.push({
        id,
        inventoryCardId: card.id,
        quantity,
        quantityDamaged: damaged,
        quantityAvailable: available,
        totalAfter: available,
        triggredBy: event.shipment ? 'Inboundshipment' : 'Adjustment',
        actionSourceId: event.shipment?.id ?? null,
        actionSourceRef: event.shipment ? event.shipment.id.slice(-9) : '',
        // A receipt's movement, as the app records one, stores no sentence: its trigger and shipment say it.
        description: event.shipment ? '' : adjustmentReasons[rnd.int(0, adjustmentReasons.length - 1)]!,
        createdAt: event.at,
      })
      if (event.shipment) {
        lines.push({
          inboundShipmentId: event.shipment.id,
          inventoryCardId: card.id,
          productId,
          stockMovementId: id,
          sku,
          quantity,
          quantityDamaged: damaged,
          createdAt: event.at,
        })
      }
    }
    if (!unpaired && movements.length > first) addShipping(movements.slice(first))
    card.available = available
    cards.push(card)
  }

  for (const p of catalogue) {
    const chosen = whs.filter(() => rnd.next() < 0.55)
    for (const wh of chosen.length ? chosen : [whs[rnd.int(0, whs.length - 1)]!]) {
      stockCard(p.businessclientId, wh.id, p.sku, p.id)
    }
  }
  for (const businessclientId of clientIds) {
    for (let i = 1; i <= 3; i++) {
      stockCard(
        businessclientId,
        whs[(i - 1) % whs.length]!.id,
        `UNPAIRED-${String(i).padStart(3, '0')}`,
        null,
        true,
      )
    }
  }

  const used = new Set(lines.map((l) => l.inboundShipmentId))
  await insertChunked(
    shipments.filter((s) => used.has(s.id) || s.day < 12),
    (chunk) => tx.insert(inboundShipments).values(chunk.map(({ day: _day, ...s }) => s)),
  )
  await insertChunked(cards, (chunk) => tx.insert(inventoryCards).values(chunk))
  await insertChunked(movements, (chunk) => tx.insert(stockMovements).values(chunk))
  await insertChunked(lines, (chunk) => tx.insert(goodsReceived).values(chunk))
}
