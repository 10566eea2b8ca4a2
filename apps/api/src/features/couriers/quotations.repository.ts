import { and, asc, eq } from 'drizzle-orm'
import { courierQuotations } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type QuotationRow = typeof courierQuotations.$inferSelect
export type QuotationInsert = typeof courierQuotations.$inferInsert

/** A courier's quotations (docs/couriers.md §8), and the active-price lookup shared with the services. */
export function createQuotationsRepository(db: DbOrTx) {
  return {
    /** The courier's active quotations by country, then service. */
    activeOf(courierId: string) {
      return db
        .select()
        .from(courierQuotations)
        .where(and(eq(courierQuotations.courierId, courierId), eq(courierQuotations.isActive, true)))
        .orderBy(
          asc(courierQuotations.country),
          asc(courierQuotations.serviceType),
          asc(courierQuotations.id),
        )
    },

    /** One quotation of the courier, locked when `forUpdate` (inside a transaction). */
    async byId(courierId: string, id: string, forUpdate = false): Promise<QuotationRow | undefined> {
      const query = db
        .select()
        .from(courierQuotations)
        .where(and(eq(courierQuotations.id, id), eq(courierQuotations.courierId, courierId)))
      const [row] = forUpdate ? await query.for('update') : await query
      return row
    },

    async insert(values: QuotationInsert): Promise<QuotationRow> {
      const [row] = await db.insert(courierQuotations).values(values).returning()
      return row!
    },

    async deactivate(id: string): Promise<QuotationRow> {
      const [row] = await db
        .update(courierQuotations)
        .set({ isActive: false })
        .where(eq(courierQuotations.id, id))
        .returning()
      return row!
    },
  }
}

/**
 * The courier's active quotation for a destination country and service (docs/couriers.md §8): the price a
 * shipped parcel is charged at. One active row per courier, country and service (a unique partial index);
 * undefined when the courier has no price for that destination. The one lookup shared by the couriers'
 * screens and the services recorded when an order ships.
 */
export async function findActiveQuotation(
  db: DbOrTx,
  courierId: string,
  country: string,
  serviceType = 'address',
): Promise<QuotationRow | undefined> {
  const [row] = await db
    .select()
    .from(courierQuotations)
    .where(
      and(
        eq(courierQuotations.courierId, courierId),
        eq(courierQuotations.country, country),
        eq(courierQuotations.serviceType, serviceType),
        eq(courierQuotations.isActive, true),
      ),
    )
    .limit(1)
  return row
}
