import { and, eq } from 'drizzle-orm'
import { courierQuotations } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type QuotationRow = typeof courierQuotations.$inferSelect

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
