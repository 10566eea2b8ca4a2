import { changeLogText, planWave } from '@expedo/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { moveStock } from '../../features/stock/index.ts'
import type { Tx } from '../../platform/db/database.ts'
import {
  businessClients,
  inventoryCards,
  locationStock,
  orderBlocks,
  orderChangeLogs,
  orders,
  warehouseLocations,
  warehouses,
  waveLines,
  waveOrders,
  waves,
} from '../schema/index.ts'

/** How many of Zahradní ráj's "Product Picking" orders in Praha the demo's wave holds. */
const WAVE_ORDERS = 12
/** The first totes of the wave are picked (their goods lie at PACKING): the packing station has work. */
const PICKED_SLOTS = 3

/**
 * One wave in progress on the Praha floor (issue 25): Zahradní ráj's oldest "Product Picking" orders there,
 * slotted by age, their blocked goods planned over the locations in pick-path order as a release plans them;
 * the first three totes picked (their goods moved to PACKING, as a picker's scans move them), so they open at
 * the packing station (W-00000N-1 …). After the orders and locations seeds.
 */
export async function seedWave(tx: Tx, operator: { id: string; username: string }): Promise<void> {
  const [praha] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.city, 'Praha'))
  const [client] = await tx
    .select({ id: businessClients.id })
    .from(businessClients)
    .where(eq(businessClients.name, 'Zahradní ráj s.r.o.'))
  if (!praha || !client) return
  const picked = await tx
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'Product Picking'),
        eq(orders.warehouseId, praha.id),
        eq(orders.businessclientId, client.id),
        sql`exists (select 1 from ${orderBlocks} b where b.order_id = ${orders.id})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(WAVE_ORDERS)
  if (!picked.length) return
  const [wave] = await tx
    .insert(waves)
    .values({
      warehouseId: praha.id,
      createdBy: operator.id,
      createdByName: operator.username,
      createdAt: picked.at(-1)!.createdAt,
    })
    .returning({ id: waves.id, number: waves.number })
  const slots = picked.map((o, i) => ({ waveId: wave!.id, orderId: o.id, slot: i + 1 }))
  await tx.insert(waveOrders).values(slots)
  const blocks = await tx
    .select({
      orderId: orderBlocks.orderId,
      cardId: orderBlocks.inventoryCardId,
      quantity: sql<number>`sum(${orderBlocks.quantity})::int`,
    })
    .from(orderBlocks)
    .where(
      inArray(
        orderBlocks.orderId,
        picked.map((o) => o.id),
      ),
    )
    .groupBy(orderBlocks.orderId, orderBlocks.inventoryCardId)
    .orderBy(orderBlocks.orderId, orderBlocks.inventoryCardId)
  const places = await tx
    .select({
      cardId: locationStock.inventoryCardId,
      locationId: locationStock.locationId,
      free: locationStock.quantity,
      pickOrder: warehouseLocations.pickOrder,
    })
    .from(locationStock)
    .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
    .where(inArray(locationStock.inventoryCardId, [...new Set(blocks.map((b) => b.cardId))]))
    .orderBy(
      sql`case ${warehouseLocations.kind} when 'storage' then 0 else 1 end`,
      asc(warehouseLocations.pickOrder),
      asc(warehouseLocations.code),
    )
  const slotOf = new Map(slots.map((s) => [s.orderId, s.slot]))
  blocks.sort((x, y) => slotOf.get(x.orderId)! - slotOf.get(y.orderId)!)
  const lines = planWave(blocks, places).map(({ cardId, ...l }) => ({
    ...l,
    waveId: wave!.id,
    inventoryCardId: cardId,
  }))
  const inserted = lines.length
    ? await tx.insert(waveLines).values(lines).returning({
        id: waveLines.id,
        orderId: waveLines.orderId,
        cardId: waveLines.inventoryCardId,
        locationId: waveLines.locationId,
        quantity: waveLines.quantity,
      })
    : []
  const at = picked.at(-1)!.createdAt
  const pickedAt = new Date(at.getTime() + 60_000)
  const picks = await pickFirstTotes(tx, praha.id, inserted, slotOf, operator, pickedAt)
  await tx.insert(orderChangeLogs).values([
    ...slots.map((s) => {
      const entry = { event: 'waveReleased' as const, params: { wave: wave!.number, slot: s.slot } }
      return {
        orderId: s.orderId,
        what: changeLogText(entry),
        event: entry.event,
        params: entry.params,
        userId: operator.id,
        username: operator.username,
        at,
      }
    }),
    ...picks.map((p) => ({
      orderId: p.orderId,
      what: changeLogText(p.entry),
      event: p.entry.event,
      params: p.entry.params,
      userId: operator.id,
      username: operator.username,
      at: pickedAt,
    })),
  ])
}

/** The lines of the first PICKED_SLOTS totes picked by the operator: each a move location → PACKING. */
async function pickFirstTotes(
  tx: Tx,
  warehouseId: string,
  lines: { id: string; orderId: string; cardId: string; locationId: string | null; quantity: number }[],
  slotOf: Map<string, number>,
  operator: { id: string; username: string },
  pickedAt: Date,
) {
  const [packing] = await tx
    .select({ id: warehouseLocations.id, code: warehouseLocations.code })
    .from(warehouseLocations)
    .where(and(eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.kind, 'packing')))
  const chosen = lines.filter((l) => l.locationId && slotOf.get(l.orderId)! <= PICKED_SLOTS)
  // A tote whose goods could not all be placed stays unpicked (it would not open at the station).
  const unplaced = new Set(lines.filter((l) => !l.locationId).map((l) => l.orderId))
  const picks = []
  for (const line of chosen.filter((l) => !unplaced.has(l.orderId))) {
    const [from] = await tx
      .select({ code: warehouseLocations.code, sku: inventoryCards.sku })
      .from(warehouseLocations)
      .innerJoin(inventoryCards, eq(inventoryCards.id, line.cardId))
      .where(eq(warehouseLocations.id, line.locationId!))
    await moveStock(tx, {
      cardId: line.cardId,
      from: { id: line.locationId!, code: from!.code },
      to: packing!,
      quantity: line.quantity,
      createdBy: operator.id,
    })
    await tx
      .update(waveLines)
      .set({ status: 'picked', picked: line.quantity, pickedBy: operator.id, pickedAt })
      .where(eq(waveLines.id, line.id))
    picks.push({
      orderId: line.orderId,
      entry: {
        event: 'picked' as const,
        params: { sku: from!.sku, quantity: line.quantity, location: from!.code },
      },
    })
  }
  return picks
}
