import { and, asc, count, countDistinct, eq, gte, sql, sum } from 'drizzle-orm'
import { orders, services } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

/** A client's own numbers since `since`, for the cost calculator's prefill. */
export function createCostCalculatorRepository(db: DbOrTx) {
  return {
    async ordersSince(businessclientId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.businessclientId, businessclientId), gte(orders.createdAt, since)))
      return row?.n ?? 0
    },

    /** Σ services.amount per currency since `since`, and the orders shipped (services triggered by an order). */
    costsSince(businessclientId: string, since: Date) {
      return db
        .select({
          currency: services.currency,
          total: sum(services.amount).mapWith(String),
          shippedOrders: countDistinct(
            sql`case when ${services.trigger} = 'Order' then ${services.triggerId} end`,
          ),
        })
        .from(services)
        .where(and(eq(services.businessclientId, businessclientId), gte(services.createdAt, since)))
        .groupBy(services.currency)
        .orderBy(asc(services.currency))
    },
  }
}
