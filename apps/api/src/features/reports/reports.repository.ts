import { and, asc, eq, sql } from 'drizzle-orm'
import {
  businessClients,
  inventoryCards,
  orderItems,
  orders,
  products,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export interface NoGoodsFilter {
  country?: string | undefined
  /** Count free stock in this warehouse only. */
  shipFromId?: string | undefined
}

export function createReportsRepository(db: DbOrTx) {
  return {
    async warehouseExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id))
      return row !== undefined
    },

    /**
     * What No goods orders wait for: one row per business client, ship-to country and product (or SKU, for
     * lines not paired yet), with the quantity ordered, the orders waiting and the free stock of that SKU now.
     * Sorted by client, country and product name, so each client and country's rows come together.
     */
    async noGoods(scope: TenantScope, filter: NoGoodsFilter) {
      const name = sql<string>`coalesce(max(${products.name}), max(${orderItems.name}), '')`
      const inWarehouse = filter.shipFromId ? sql`and ic.warehouse_id = ${filter.shipFromId}` : sql``
      return db
        .select({
          businessclientId: orders.businessclientId,
          businessclientName: businessClients.name,
          country: orders.shipToCountry,
          productId: orderItems.productId,
          sku: orderItems.sku,
          name,
          quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
          orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
          available: sql<number>`coalesce((select sum(ic.available) from ${inventoryCards} ic
              where ic.businessclient_id = ${orders.businessclientId} and ic.sku = ${orderItems.sku}
              ${inWarehouse}), 0)`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(
          and(
            eq(orders.status, 'No goods'),
            tenantCondition(scope, orders.businessclientId),
            filter.country ? eq(orders.shipToCountry, filter.country) : undefined,
          ),
        )
        .groupBy(
          orders.businessclientId,
          businessClients.name,
          orders.shipToCountry,
          orderItems.productId,
          orderItems.sku,
        )
        .orderBy(
          asc(businessClients.name),
          asc(orders.businessclientId),
          asc(orders.shipToCountry),
          asc(name),
          asc(orderItems.sku),
        )
    },
  }
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>
export type NoGoodsRow = Awaited<ReturnType<ReportsRepository['noGoods']>>[number]
