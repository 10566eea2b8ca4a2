import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { businessClients, invoices, numberSeries } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import {
  continuedSeriesValue,
  ensureSeries,
  insertSeries,
  takenNumber,
  takenNumberText,
} from '../../platform/db/number-series.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

/** A business client's series (the list joins its client; bill series belong to issuers, features/bills). */
export type SeriesRow = Omit<typeof numberSeries.$inferSelect, 'businessclientId' | 'issuerId'> & {
  businessclientId: string
  businessclientName: string
}
type SeriesKey = {
  businessclientId: string
  documentType: string
  country: string
  year: number
  prefix: string
}

const columns = {
  id: numberSeries.id,
  businessclientId: businessClients.id,
  documentType: numberSeries.documentType,
  country: numberSeries.country,
  year: numberSeries.year,
  prefix: numberSeries.prefix,
  format: numberSeries.format,
  nextValue: numberSeries.nextValue,
  firstValue: numberSeries.firstValue,
  createdAt: numberSeries.createdAt,
  updatedAt: numberSeries.updatedAt,
  businessclientName: businessClients.name,
}

export function createNumberSeriesRepository(db: DbOrTx) {
  return {
    list(scope: TenantScope, f: { businessclientId?: string; year?: number }): Promise<SeriesRow[]> {
      return db
        .select(columns)
        .from(numberSeries)
        .innerJoin(businessClients, eq(businessClients.id, numberSeries.businessclientId))
        .where(
          and(
            tenantCondition(scope, numberSeries.businessclientId),
            f.businessclientId ? eq(numberSeries.businessclientId, f.businessclientId) : undefined,
            f.year ? eq(numberSeries.year, f.year) : undefined,
          ),
        )
        .orderBy(
          asc(businessClients.name),
          desc(numberSeries.year),
          asc(numberSeries.documentType),
          asc(numberSeries.country),
          asc(numberSeries.prefix),
        )
    },

    async get(scope: TenantScope, id: string): Promise<SeriesRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(numberSeries)
        .innerJoin(businessClients, eq(businessClients.id, numberSeries.businessclientId))
        .where(and(eq(numberSeries.id, id), tenantCondition(scope, numberSeries.businessclientId)))
      return row
    },

    /** Inserts a series; undefined when one with the same key exists (platform/db/number-series.ts). */
    insert({
      businessclientId,
      format,
      nextValue,
      ...rest
    }: SeriesKey & { format: string; nextValue: number }) {
      return insertSeries(db, { owner: { businessclientId }, ...rest }, { format, nextValue })
    },

    /** The series of this key, made with `defaults` when there is none yet (a concurrent maker wins). */
    ensure({ businessclientId, ...rest }: SeriesKey, defaults: { format: string; nextValue: number }) {
      return ensureSeries(db, { owner: { businessclientId }, ...rest }, defaults)
    },

    /** A year-less format (Bulgaria's {n:10}) continues its numbers across years. */
    continuedValue({ businessclientId, ...rest }: SeriesKey, format: string): Promise<number> {
      return continuedSeriesValue(db, { owner: { businessclientId }, ...rest }, format)
    },

    /** Deletes an unused series; false when it has issued a number (checked under the row's lock). */
    async deleteUnused(id: string): Promise<boolean> {
      const deleted = await db
        .delete(numberSeries)
        .where(
          and(
            eq(numberSeries.id, id),
            sql`${numberSeries.nextValue} = ${numberSeries.firstValue}`,
            sql`not exists (select 1 from ${invoices} where ${invoices.seriesId} = ${numberSeries.id})`,
          ),
        )
        .returning({ id: numberSeries.id })
      return deleted.length > 0
    },

    /**
     * Issues the draft: takes the series' next value and writes the number in ONE statement, the last of the
     * issuing transaction (FINANCE.md "Numbering"): the counter row stays locked only until the commit that
     * follows, a rollback gives the value back, and the unique index on the number is the second guard.
     */
    async takeNumber(invoiceId: string, seriesId: string): Promise<string> {
      const result = await db.execute<{ number: string }>(sql`
        ${takenNumber(seriesId)}
        update invoices i
        set sequence_number = ${takenNumberText},
            series_id = ${seriesId},
            variable_symbol = case when i.variable_symbol = ''
              then right(regexp_replace(${takenNumberText}, '\\D', '', 'g'), 10)
              else i.variable_symbol end,
            issued_at = now(),
            updated_at = now()
        from taken t
        where i.id = ${invoiceId}
        returning i.sequence_number as number`)
      return result.rows[0]!.number
    },
  }
}
