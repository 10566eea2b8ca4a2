import { and, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm'
import { exchangeRates, vatRates } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type VatRateRow = typeof vatRates.$inferSelect
export type ExchangeRateRow = typeof exchangeRates.$inferSelect

/** VAT rates and exchange rates: the data invoices take their rates from. */
export function createRatesRepository(db: DbOrTx) {
  return {
    vatRates(country?: string): Promise<VatRateRow[]> {
      return db
        .select()
        .from(vatRates)
        .where(country ? eq(vatRates.country, country) : undefined)
        .orderBy(vatRates.country, desc(vatRates.validFrom), vatRates.kind)
    },

    /**
     * Adds a rate from `validFrom`; the row of the same country and kind in force then ends the day before.
     * Undefined when a row of that country, kind and day exists.
     */
    async addVatRate(row: Omit<typeof vatRates.$inferInsert, 'id'>): Promise<VatRateRow | undefined> {
      const [inserted] = await db.insert(vatRates).values(row).onConflictDoNothing().returning()
      if (!inserted) return undefined
      await db
        .update(vatRates)
        .set({ validTo: sql`${row.validFrom}::date - 1` })
        .where(
          and(
            eq(vatRates.country, row.country),
            eq(vatRates.kind, row.kind),
            lt(vatRates.validFrom, row.validFrom),
            or(isNull(vatRates.validTo), gte(vatRates.validTo, row.validFrom)),
          ),
        )
      return inserted
    },

    exchangeRates(f: { currency?: string; target?: string; limit: number }): Promise<ExchangeRateRow[]> {
      return db
        .select()
        .from(exchangeRates)
        .where(
          and(
            f.currency ? eq(exchangeRates.currency, f.currency) : undefined,
            f.target ? eq(exchangeRates.target, f.target) : undefined,
          ),
        )
        .orderBy(desc(exchangeRates.day), exchangeRates.currency, exchangeRates.target)
        .limit(f.limit)
    },

    /** The rate of a day, replacing one recorded for that day before. */
    async setExchangeRate(row: ExchangeRateRow): Promise<ExchangeRateRow> {
      const [saved] = await db
        .insert(exchangeRates)
        .values(row)
        .onConflictDoUpdate({
          target: [exchangeRates.currency, exchangeRates.target, exchangeRates.day],
          set: { rate: row.rate },
        })
        .returning()
      return saved!
    },
  }
}
