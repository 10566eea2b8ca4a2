import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from './database.ts'

/**
 * Planner statistics. PostgreSQL's autovacuum analyzes a table once about a tenth of it has changed; the
 * embedded database has no autovacuum, so without these nothing would ever gather them there, and the
 * planner guesses (the client's orders list read every order of the client and sorted them). Statistics are
 * gathered after the demo seed, after bulk writes, and hourly on the embedded database (statisticsTask).
 */

/** A bulk write of fewer rows than this leaves the statistics to autovacuum or the hourly job. */
export const ANALYZE_AFTER_ROWS = 100

/** The tables of the app's schema (the first of the search path: `public`, or a test file's own schema). */
async function appTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`)
  return rows.map((r) => r.name)
}

const tableList = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )

/** ANALYZE the named tables of the app's schema, or all of them; answers the tables analyzed. */
export async function analyzeTables(db: Db, tables?: readonly string[]): Promise<string[]> {
  const names = tables ?? (await appTables(db))
  if (names.length) await db.execute(sql`analyze ${tableList(names)}`)
  return [...names]
}

/**
 * After a bulk write has committed: ANALYZE `tables` in the background, so the answer does not wait for it
 * and no request transaction holds its lock. A failure is logged; the hourly job or autovacuum catches up.
 * Writes of fewer than ANALYZE_AFTER_ROWS rows change nothing.
 */
export function refreshStatistics(
  db: Db,
  tables: readonly string[],
  rows: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  if (rows < ANALYZE_AFTER_ROWS) return
  analyzeTables(db, tables).catch((err: unknown) => log.warn({ err, tables }, 'statistics refresh failed'))
}

/**
 * Whether the database vacuums and analyzes its tables by itself: PostgreSQL with autovacuum on (its
 * default). The embedded database has no autovacuum, and a server may have it turned off.
 */
export async function vacuumsItself(db: Db, embedded: boolean): Promise<boolean> {
  if (embedded) return false
  const { rows } = await db.execute<{ on: boolean }>(sql`select current_setting('autovacuum') = 'on' as "on"`)
  return rows[0]?.on === true
}

/**
 * The hourly maintenance task of a database that does not vacuum itself (vacuumsItself): VACUUM (ANALYZE)
 * every table of the app's schema and of the job queue's (pg-boss inserts and deletes a row per job, and
 * nothing else reclaims the dead ones there). Without it, the count tables whose deltas are folded every
 * minute (platform/db/delta-counts.ts) grow without end: a PostgreSQL with autovacuum off kept 1.26 million
 * dead rows beside 0.4 million live ones in order_day_counts after a bulk load, and the country filter's
 * tab totals read them all (83 ms; 9 ms after a VACUUM).
 * Answers the number of tables done. VACUUM cannot run in a transaction: each table is its own statement.
 */
export function statisticsTask(
  db: Db,
  schemas: readonly string[] = ['pgboss'],
): (stopping?: AbortSignal) => Promise<number> {
  return async (stopping) => {
    const { rows } = await db.execute<{ schema: string; name: string }>(sql`
      select n.nspname as schema, c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = current_schema() or n.nspname = any(string_to_array(${schemas.join(',')}, ','))) and c.relkind = 'r'
      order by n.nspname, c.relname`)
    let done = 0
    for (const { schema, name } of rows) {
      // The server is stopping: the rest waits for the next run (an hour), the stop does not wait for it.
      if (stopping?.aborted) break
      await db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(name)}`)
      done += 1
    }
    return done
  }
}
