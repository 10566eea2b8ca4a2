import { and, asc, eq } from 'drizzle-orm'
import { courierQuotations } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import type { QuotationRow } from './quotations.lookup.ts'

export type QuotationInsert = typeof courierQuotations.$inferInsert

/** A courier's quotations (docs/couriers.md §8); the active-price lookup stays in quotations.lookup.ts. */
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
