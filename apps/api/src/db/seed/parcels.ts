import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { recordMovement } from '../../features/stock/index.ts'
import type { Tx } from '../../platform/db/database.ts'
import { inboundParcelItems, inboundParcels, orderItems, orders } from '../schema/index.ts'

const PER_CLIENT = 6
const conditions = ['good', 'mixed', 'damaged'] as const
const notes = ['', 'Customer withdrew from the purchase', 'Box dented, contents checked', 'Wrong size']

/**
 * Demo returned parcels (issue 12): for each client, parcels of its latest shipped orders with their first
 * lines; every other one Processed, its items put back through the stock ledger (triggredBy 'Return':
 * available, or recorded as damaged), so the ledger and the balances stay consistent. Run after the orders
 * seed. Answers how many parcels it wrote.
 */
export async function seedParcels(
  tx: Tx,
  clientIds: string[],
  operatorId: string | null,
  now = new Date(),
): Promise<number> {
  let written = 0
  for (const businessclientId of clientIds) {
    const shipped = await tx
      .select({ id: orders.id, trackingId: orders.trackingId, warehouseId: orders.warehouseId })
      .from(orders)
      .where(
        and(
          eq(orders.businessclientId, businessclientId),
          inArray(orders.status, ['Delivered', 'COD WAITING', 'Shipping']),
          ne(orders.trackingId, ''),
          isNotNull(orders.warehouseId),
        ),
      )
      .orderBy(desc(orders.updatedAt), desc(orders.id))
      .limit(PER_CLIENT)
    for (const [i, order] of shipped.entries()) {
      const lines = await tx
        .select({ productId: orderItems.productId, sku: orderItems.sku, quantity: orderItems.quantity })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.productId)))
        .orderBy(orderItems.createdAt, orderItems.id)
        .limit(2)
      if (!lines.length) continue
      const condition = conditions[i % conditions.length]!
      const processed = i % 2 === 1
      const createdAt = new Date(now.getTime() - (i + 1) * 86_400_000)
      const [parcel] = await tx
        .insert(inboundParcels)
        .values({
          businessclientId,
          orderId: order.id,
          trackingId: order.trackingId,
          warehouseId: order.warehouseId!,
          condition,
          note: notes[i % notes.length]!,
          status: processed ? 'Processed' : 'New',
          createdBy: operatorId,
          processedBy: processed ? operatorId : null,
          processedAt: processed ? now : null,
          createdAt,
          updatedAt: processed ? now : createdAt,
        })
        .returning({ id: inboundParcels.id, parcelNr: inboundParcels.parcelNr })
      for (const [j, line] of lines.entries()) {
        const damaged = condition === 'damaged' || (condition === 'mixed' && j === 1)
        const quantity = Math.min(line.quantity, 1 + (i % 2))
        const [item] = await tx
          .insert(inboundParcelItems)
          .values({
            parcelId: parcel!.id,
            productId: line.productId!,
            quantity,
            condition: damaged ? 'damaged' : 'available',
            position: j,
          })
          .returning({ id: inboundParcelItems.id })
        if (!processed) continue
        const { movementId } = await recordMovement(tx, {
          warehouseId: order.warehouseId!,
          businessclientId,
          sku: line.sku,
          quantity: damaged ? 0 : quantity,
          quantityDamaged: damaged ? quantity : 0,
          triggredBy: 'Return',
          actionSource: { id: parcel!.id, ref: parcel!.parcelNr },
          // As the app records a return: no stored sentence (the screens name the trigger and the parcel).
          description: '',
          createdBy: operatorId,
        })
        await tx
          .update(inboundParcelItems)
          .set({ stockMovementId: movementId })
          .where(eq(inboundParcelItems.id, item!.id))
      }
      written++
    }
  }
  return written
}
