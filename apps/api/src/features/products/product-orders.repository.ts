import type { ChangeLogEntry } from '@expedo/domain'
import { and, countDistinct, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { changeLogColumns, orderChangeLogs, orderItems, orders } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

/** A product as the order lines waiting for it see it: its business client and SKU. */
export interface PairingProduct {
  id: string
  businessclientId: string
  sku: string
  name: string
  weightGrams: number | null
}

export function createProductOrdersRepository(db: DbOrTx) {
  /**
   * Order lines that carry a product's SKU but no product yet (e.g. imported from an e-shop before the
   * product existed), of the product's business client; canceled orders are left as they are.
   */
  const waitingLines = (product: Pick<PairingProduct, 'businessclientId' | 'sku'>) =>
    and(
      isNull(orderItems.productId),
      eq(orderItems.sku, product.sku),
      inArray(
        orderItems.orderId,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.businessclientId, product.businessclientId), ne(orders.status, 'Canceled'))),
      ),
    )

  return {
    /** How many orders have a line waiting to be paired with the product ('Unpaired orders N'). */
    async countNotPaired(product: Pick<PairingProduct, 'businessclientId' | 'sku'>): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(orderItems.orderId) })
        .from(orderItems)
        .where(waitingLines(product))
      return row?.n ?? 0
    },

    /**
     * Pairs the waiting lines with the product (filling an empty name and a missing weight from it), and
     * answers the ids of the orders they belong to. A line paired concurrently is skipped: the update
     * re-checks `product_id is null` on each row it waited for.
     */
    async pairLines(product: PairingProduct): Promise<string[]> {
      const rows = await db
        .update(orderItems)
        .set({
          productId: product.id,
          name: sql`case when ${orderItems.name} = '' then ${product.name} else ${orderItems.name} end`,
          weight: sql`coalesce(${orderItems.weight}, ${product.weightGrams}::int)`,
        })
        .where(waitingLines(product))
        .returning({ orderId: orderItems.orderId })
      return [...new Set(rows.map((r) => r.orderId))]
    },

    /** The change-log row of each paired order, and its updatedAt moved on. */
    async logPaired(
      orderIds: string[],
      entry: ChangeLogEntry,
      who: { userId: string; username: string },
    ): Promise<void> {
      if (!orderIds.length) return
      const columns = changeLogColumns(entry)
      await db.insert(orderChangeLogs).values(
        orderIds.map((orderId) => ({
          orderId,
          ...columns,
          userId: who.userId,
          username: who.username,
          at: sql`clock_timestamp()`,
        })),
      )
      await db.update(orders).set({ updatedAt: new Date() }).where(inArray(orders.id, orderIds))
    },
  }
}
