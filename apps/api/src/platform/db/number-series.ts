import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { numberSeries } from '../../db/schema/index.ts'
import type { DbOrTx } from './database.ts'

/**
 * Gap-free document numbering shared by invoices (series owned by a business client) and provider bills
 * (series owned by an issuer) — FINANCE.md "Numbering". A series is found or made here; the number itself
 * is taken by `takenNumber`, a CTE the issuing UPDATE of each document table starts with, so taking the value
 * and writing it are ONE statement, the last of the issuing transaction.
 */
export type SeriesOwner =
  | { businessclientId: string; issuerId?: undefined }
  | { issuerId: string; businessclientId?: undefined }

export interface SeriesKey {
  owner: SeriesOwner
  documentType: string
  country: string
  year: number
  prefix: string
}

const ownerCondition = (owner: SeriesOwner): SQL | undefined =>
  owner.issuerId !== undefined
    ? and(eq(numberSeries.issuerId, owner.issuerId), isNull(numberSeries.businessclientId))
    : and(eq(numberSeries.businessclientId, owner.businessclientId), isNull(numberSeries.issuerId))

/** Series of the key's owner, document type, country and prefix (any year). */
const sameOwnerAndPrefix = (key: SeriesKey) =>
  and(
    ownerCondition(key.owner),
    eq(numberSeries.documentType, key.documentType),
    eq(numberSeries.country, key.country),
    eq(numberSeries.prefix, key.prefix),
  )

/** Inserts a series; undefined when one with the same key exists. */
export async function insertSeries(
  db: DbOrTx,
  key: SeriesKey,
  defaults: { format: string; nextValue: number },
): Promise<string | undefined> {
  const { owner, ...rest } = key
  const [inserted] = await db
    .insert(numberSeries)
    .values({
      businessclientId: owner.businessclientId ?? null,
      issuerId: owner.issuerId ?? null,
      ...rest,
      format: defaults.format,
      nextValue: defaults.nextValue,
      firstValue: defaults.nextValue,
    })
    .onConflictDoNothing()
    .returning({ id: numberSeries.id })
  return inserted?.id
}

/** The series of this key, made with `defaults` when there is none yet (a concurrent maker wins). */
export async function ensureSeries(
  db: DbOrTx,
  key: SeriesKey,
  defaults: { format: string; nextValue: number },
): Promise<string> {
  const made = await insertSeries(db, key, defaults)
  if (made) return made
  const [row] = await db
    .select({ id: numberSeries.id })
    .from(numberSeries)
    .where(and(sameOwnerAndPrefix(key), eq(numberSeries.year, key.year)))
  return row!.id
}

/**
 * A year-less format (Bulgaria's {n:10}) continues its numbers across years: the value after the last
 * series of the same owner, prefix and format, whatever its type and country (they print the same numbers:
 * a Bulgarian issuer's one numbering continues after the per-type and per-country series it had before).
 */
export async function continuedSeriesValue(db: DbOrTx, key: SeriesKey, format: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`max(${numberSeries.nextValue})::int` })
    .from(numberSeries)
    .where(
      and(ownerCondition(key.owner), eq(numberSeries.prefix, key.prefix), eq(numberSeries.format, format)),
    )
  return row?.next ?? 1
}

/** Whether a format numbers across years (no {yyyy} / {yy} in it). */
export const isYearless = (format: string): boolean => !/\{yyyy\}|\{yy\}/.test(format)

/**
 * `with taken as (…)`: takes the series' next value (the row stays locked until the commit that follows; a
 * rollback gives the value back). The UPDATE that follows reads `taken` as `t` and writes
 * `takenNumberText` into its number column, in the same statement.
 */
export const takenNumber = (seriesId: string): SQL => sql`
  with taken as (
    update number_series set next_value = next_value + 1, updated_at = now()
    where id = ${seriesId}
    returning next_value - 1 as value, format, prefix, year
  )`

/** The formatted number of the value `takenNumber` took (the UPDATE aliases `taken` as `t`). */
export const takenNumberText = sql.raw('format_document_number(t.format, t.prefix, t.year, t.value)')
