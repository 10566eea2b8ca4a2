import { COUNT_CAP } from '@expedo/domain'
import { count, type SQL, sql } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './database.ts'

/** Most rows one "All" page answers. */
export const ALL_ROWS_LIMIT = 100_000

/** `currentPage` (from 1) and `itemsPerPage` (0 = All) → offset and limit. */
export function pageOf(input: { currentPage: number; itemsPerPage: number }) {
  if (input.itemsPerPage === 0) return { offset: 0, limit: ALL_ROWS_LIMIT }
  return { offset: (input.currentPage - 1) * input.itemsPerPage, limit: input.itemsPerPage }
}

/**
 * A search's total, counted up to COUNT_CAP + 1 rows: a broad term stops at the first rows it finds instead
 * of counting every match (seconds of the database per call on a large table). `cappedTotal` turns the
 * count into the answer's `total` and `totalCapped`.
 */
export function cappedCount(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  return cappedCountOf(db, db.select({ one: sql`1` }).from(table).where(where).$dynamic())
}

/**
 * `cappedCount` of rows that need joins to filter: `rows` selects them (one constant column is enough), and
 * is counted up to COUNT_CAP + 1. For the lists whose tables grow without bound (stock movements, parcels,
 * inbound shipments): a plain count(*) read every matching row on each page turn.
 */
export function cappedCountOf(db: DbOrTx, rows: PgSelect) {
  return db.select({ n: count() }).from(rows.limit(COUNT_CAP + 1).as('capped'))
}

/** A capped count as the answer says it: past COUNT_CAP, `total` is the cap and `totalCapped` true. */
export const cappedTotal = (n: number): { total: number; totalCapped?: true } =>
  n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n }
