import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  businessClients,
  couriers,
  inventoryCards,
  orderBlocks,
  orderChangeLogs,
  orderItems,
  orders,
  products,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderInsert = typeof orders.$inferInsert
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderItemInsert = typeof orderItems.$inferInsert
export type ChangeLogRow = typeof orderChangeLogs.$inferSelect

/** An order with what its answer needs besides its own columns. */
export interface OrderAggregate {
  order: OrderRow
  businessclientName: string
  warehouseName: string | null
  courierName: string | null
  items: OrderItemRow[]
  logs: ChangeLogRow[]
}

export interface Who {
  userId: string | null
  username: string
}

export interface CardForAllocation {
  id: string
  warehouseId: string
  sku: string
  available: number
}

export function createOrdersRepository(db: DbOrTx) {
  return {
    async businessClient(id: string) {
      const [row] = await db
        .select({ id: businessClients.id, automaticBlockingGoods: businessClients.automaticBlockingGoods })
        .from(businessClients)
        .where(eq(businessClients.id, id))
      return row
    },

    /** The products of `businessclientId` among `ids`. */
    async productsOf(businessclientId: string, ids: string[]) {
      if (!ids.length) return []
      return db
        .select({ id: products.id, sku: products.sku, name: products.name, weight: products.weightGrams })
        .from(products)
        .where(and(eq(products.businessclientId, businessclientId), inArray(products.id, ids)))
    },

    async insert(order: OrderInsert, items: Omit<OrderItemInsert, 'orderId'>[]): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning()
      if (items.length) await db.insert(orderItems).values(items.map((i) => ({ ...i, orderId: row!.id })))
      return row!
    },

    async log(orderId: string, what: string, who: Who): Promise<void> {
      await db
        .insert(orderChangeLogs)
        .values({ orderId, what, userId: who.userId, username: who.username, at: sql`clock_timestamp()` })
    },

    /** The order within the scope, locked FOR UPDATE: status changes of one order wait for each other. */
    async lock(scope: TenantScope, id: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), tenantCondition(scope, orders.businessclientId)))
        .for('update')
      return row
    },

    async setStatus(id: string, status: string, warehouseId?: string | null): Promise<void> {
      await db
        .update(orders)
        .set({ status, ...(warehouseId !== undefined ? { warehouseId } : {}) })
        .where(eq(orders.id, id))
    },

    async items(orderId: string): Promise<OrderItemRow[]> {
      return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
    },

    async find(scope: TenantScope, id: string): Promise<OrderAggregate | undefined> {
      const [row] = await db
        .select({
          order: orders,
          businessclientName: businessClients.name,
          warehouseName: warehouses.name,
          courierName: couriers.name,
        })
        .from(orders)
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .leftJoin(couriers, eq(couriers.id, orders.courierId))
        .where(and(eq(orders.id, id), tenantCondition(scope, orders.businessclientId)))
      if (!row) return undefined
      const [items, logs] = await Promise.all([
        this.items(id),
        db
          .select()
          .from(orderChangeLogs)
          .where(eq(orderChangeLogs.orderId, id))
          .orderBy(asc(orderChangeLogs.at), asc(orderChangeLogs.id)),
      ])
      return { ...row, items, logs }
    },

    /** The business client's cards of these SKUs in every warehouse (unlocked: a first look). */
    async cardsOf(businessclientId: string, skus: string[]): Promise<CardForAllocation[]> {
      return db
        .select({
          id: inventoryCards.id,
          warehouseId: inventoryCards.warehouseId,
          sku: inventoryCards.sku,
          available: inventoryCards.available,
        })
        .from(inventoryCards)
        .where(and(eq(inventoryCards.businessclientId, businessclientId), inArray(inventoryCards.sku, skus)))
        .orderBy(asc(inventoryCards.warehouseId), asc(inventoryCards.id))
    },

    /** Locks cards FOR UPDATE in id order (every writer locks in the same order: no deadlocks). */
    async lockCards(ids: string[]): Promise<CardForAllocation[]> {
      if (!ids.length) return []
      return db
        .select({
          id: inventoryCards.id,
          warehouseId: inventoryCards.warehouseId,
          sku: inventoryCards.sku,
          available: inventoryCards.available,
        })
        .from(inventoryCards)
        .where(inArray(inventoryCards.id, ids))
        .orderBy(asc(inventoryCards.id))
        .for('update')
    },

    /** available → blocked, only when enough is available; false when it was not. */
    async block(cardId: string, quantity: number): Promise<boolean> {
      const rows = await db
        .update(inventoryCards)
        .set({
          available: sql`${inventoryCards.available} - ${quantity}`,
          blocked: sql`${inventoryCards.blocked} + ${quantity}`,
        })
        .where(and(eq(inventoryCards.id, cardId), sql`${inventoryCards.available} >= ${quantity}`))
        .returning({ id: inventoryCards.id })
      return rows.length === 1
    },

    /** blocked → available. */
    async unblock(cardId: string, quantity: number): Promise<void> {
      await db
        .update(inventoryCards)
        .set({
          available: sql`${inventoryCards.available} + ${quantity}`,
          blocked: sql`${inventoryCards.blocked} - ${quantity}`,
        })
        .where(eq(inventoryCards.id, cardId))
    },

    async insertBlocks(
      rows: { orderId: string; orderItemId: string; inventoryCardId: string; quantity: number }[],
    ) {
      if (rows.length) await db.insert(orderBlocks).values(rows)
    },

    async blocksOf(orderId: string) {
      return db
        .select({ cardId: orderBlocks.inventoryCardId, quantity: orderBlocks.quantity })
        .from(orderBlocks)
        .where(eq(orderBlocks.orderId, orderId))
    },

    async deleteBlocks(orderId: string): Promise<void> {
      await db.delete(orderBlocks).where(eq(orderBlocks.orderId, orderId))
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
