import { and, desc, eq, lte, sql } from 'drizzle-orm'
import { exchangeRates, vatRates } from '../../db/schema/index.ts'
import type { DbOrTx } from './database.ts'

/**
 * Rate look-ups shared by the tax documents (FINANCE.md "Two kinds of document, one machinery"): invoices
 * and provider bills take their VAT rate and their exchange rate from the same tables, the same way.
 */

/** The standard VAT rate of `country` in force on `day`, or undefined when the table has none. */
export async function standardVatRate(db: DbOrTx, country: string, day: string): Promise<string | undefined> {
  const [r] = await db
    .select({ rate: vatRates.rate })
    .from(vatRates)
    .where(
      and(
        eq(vatRates.country, country),
        eq(vatRates.kind, 'standard'),
        lte(vatRates.validFrom, day),
        sql`(${vatRates.validTo} is null or ${vatRates.validTo} >= ${day})`,
      ),
    )
    .orderBy(desc(vatRates.validFrom))
    .limit(1)
  return r?.rate
}

/** The latest rate of `currency` in `target` published on or before `day`. */
export async function exchangeRateOn(
  db: DbOrTx,
  currency: string,
  target: string,
  day: string,
): Promise<{ rate: string; day: string } | undefined> {
  const [r] = await db
    .select({ rate: exchangeRates.rate, day: exchangeRates.day })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, currency),
        eq(exchangeRates.target, target),
        lte(exchangeRates.day, day),
      ),
    )
    .orderBy(desc(exchangeRates.day))
    .limit(1)
  return r
}
