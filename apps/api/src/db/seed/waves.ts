import { changeLogText, planWave } from '@expedo/domain'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/database.ts'
import {
  businessClients,
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

/**
 * One wave in progress on the Praha floor (issue 25): Zahradní ráj's oldest "Product Picking" orders there,
 * slotted by age, their blocked goods planned over the locations in pick-path order as a release plans them,
 * nothing picked yet. After the orders and locations seeds.
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
  if (lines.length) await tx.insert(waveLines).values(lines)
  await tx.insert(orderChangeLogs).values(
    slots.map((s) => {
      const entry = { event: 'waveReleased' as const, params: { wave: wave!.number, slot: s.slot } }
      return {
        orderId: s.orderId,
        what: changeLogText(entry),
        event: entry.event,
        params: entry.params,
        userId: operator.id,
        username: operator.username,
        at: picked.at(-1)!.createdAt,
      }
    }),
  )
}
