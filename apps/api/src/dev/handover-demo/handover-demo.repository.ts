import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import { businessClients, courierLabels, couriers, orders, users, warehouses } from '../../db/schema/index.ts'
import type { Db } from '../../platform/db/database.ts'

/** What the demo's courier handover reads and writes (dev only). */
export function createHandoverDemoRepository(db: Db) {
  return {
    async user(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username))
      return row
    },

    async courier(name: string, country: string) {
      const [row] = await db
        .select({ id: couriers.id })
        .from(couriers)
        .where(and(eq(couriers.name, name), eq(couriers.country, country)))
      return row
    },

    /** A client's Packed orders in one warehouse (by name), oldest number first. */
    async packedOrders(client: string, warehouse: string, limit: number) {
      return db
        .select({ id: orders.id, warehouseId: orders.warehouseId })
        .from(orders)
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .where(
          and(
            eq(businessClients.name, client),
            eq(warehouses.name, warehouse),
            eq(orders.status, 'Packed'),
            isNotNull(orders.warehouseId),
          ),
        )
        .orderBy(asc(orders.internalNumericId))
        .limit(limit)
    },

    async setCourier(orderIds: string[], courierId: string) {
      await db.update(orders).set({ courierId }).where(inArray(orders.id, orderIds))
    },

    /** Of these orders, those whose label is created. */
    async labelled(orderIds: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: courierLabels.orderId })
        .from(courierLabels)
        .where(and(inArray(courierLabels.orderId, orderIds), eq(courierLabels.status, 'created')))
      return rows.map((r) => r.id)
    },
  }
}
