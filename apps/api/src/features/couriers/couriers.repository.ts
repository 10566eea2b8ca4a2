import { and, asc, eq, ilike, inArray, ne } from 'drizzle-orm'
import { couriers, orders } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type CourierRow = typeof couriers.$inferSelect

export function createCouriersRepository(db: DbOrTx) {
  return {
    /** Couriers by name then country; `countries` = any of them, `name` = contains, without case. */
    list(filters: { countries?: string[] | undefined; name?: string | undefined }) {
      return db
        .select()
        .from(couriers)
        .where(
          and(
            filters.countries ? inArray(couriers.country, filters.countries) : undefined,
            filters.name ? ilike(couriers.name, containsPattern(filters.name)) : undefined,
          ),
        )
        .orderBy(asc(couriers.name), asc(couriers.country), asc(couriers.id))
        .limit(1000)
    },

    async byId(id: string): Promise<CourierRow | undefined> {
      const [row] = await db.select().from(couriers).where(eq(couriers.id, id))
      return row
    },

    /**
     * Makes the courier the one default of its country. Run in a transaction: the country's couriers are
     * locked (in id order, so concurrent calls queue rather than deadlock) before the flag moves, so
     * parallel calls leave exactly one default (the unique partial index backs it up).
     */
    async setDefault(courier: CourierRow): Promise<CourierRow> {
      await db
        .select({ id: couriers.id })
        .from(couriers)
        .where(eq(couriers.country, courier.country))
        .orderBy(asc(couriers.id))
        .for('update')
      await db
        .update(couriers)
        .set({ isDefault: false })
        .where(
          and(
            eq(couriers.country, courier.country),
            eq(couriers.isDefault, true),
            ne(couriers.id, courier.id),
          ),
        )
      const [row] = await db
        .update(couriers)
        .set({ isDefault: true })
        .where(eq(couriers.id, courier.id))
        .returning()
      return row!
    },

    /** Where an order visible to `scope` ships to, and its courier; undefined for anyone else's order. */
    async orderDestination(scope: TenantScope, orderId: string) {
      const [row] = await db
        .select({ country: orders.shipToCountry, city: orders.shipToCity, courierId: orders.courierId })
        .from(orders)
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
      return row
    },
  }
}
export type CouriersRepository = ReturnType<typeof createCouriersRepository>
