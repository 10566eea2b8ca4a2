import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { fakeJobs } from '../../../test/fake-jobs.ts'
import { scheduleMaintenance } from '../jobs/maintenance.ts'
import { ANALYZE_AFTER_ROWS, analyzeTables, refreshStatistics, statisticsTask } from './statistics.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows
/** How many columns of `table` have statistics (pg_stats), and the planner's row estimate. */
const statisticsOf = async (table: string) => {
  const [row] = await query(
    `select c.reltuples::int as estimate,
            (select count(*)::int from pg_stats s where s.schemaname = current_schema() and s.tablename = $1) as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relname = $1`,
    [table],
  )
  return row as { estimate: number; columns: number }
}
const addWarehouses = (n: number, prefix: string) =>
  query(
    `insert into warehouses (id, name, country, city) select gen_random_uuid(), $1 || i, 'Czech', 'Praha' from generate_series(1, $2) i`,
    [prefix, n],
  )

describe('planner statistics', () => {
  it('analyzes the named tables, or every table of the schema', async () => {
    await addWarehouses(30, 'A')
    expect((await statisticsOf('warehouses')).columns).toBe(0)
    expect(await analyzeTables(t.db, ['warehouses'])).toEqual(['warehouses'])
    expect(await statisticsOf('warehouses')).toMatchObject({ estimate: 30 })
    expect((await statisticsOf('warehouses')).columns).toBeGreaterThan(0)
    const all = await analyzeTables(t.db)
    expect(all).toEqual(expect.arrayContaining(['orders', 'products', 'warehouses']))
  })

  it('refreshes in the background after a bulk write, not after a small one, and logs a failure', async () => {
    const log = { warn: vi.fn() }
    await addWarehouses(ANALYZE_AFTER_ROWS, 'B')
    refreshStatistics(t.db, ['warehouses'], ANALYZE_AFTER_ROWS - 1, log)
    refreshStatistics(t.db, ['no_such_table'], ANALYZE_AFTER_ROWS, log)
    refreshStatistics(t.db, ['warehouses'], ANALYZE_AFTER_ROWS, log)
    await expect
      .poll(async () => (await statisticsOf('warehouses')).estimate, { interval: 100 })
      .toBe(30 + ANALYZE_AFTER_ROWS)
    await vi.waitFor(() =>
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ tables: ['no_such_table'] }),
        'statistics refresh failed',
      ),
    )
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('is an hourly maintenance task where the database does not vacuum itself (embedded, or autovacuum off)', async () => {
    const [setting] = t.database.embedded
      ? []
      : await query(`select current_setting('autovacuum') as autovacuum`)
    expect('statistics' in t.maintenance).toBe(t.database.embedded || setting?.autovacuum !== 'on')
  })

  it("the maintenance job's VACUUM (ANALYZE) leaves every table of the schema with fresh statistics", async () => {
    await addWarehouses(25, 'C')
    // Dead rows to vacuum: the warehouses go, with the receiving location each was given.
    const gone = `select id from warehouses where name like 'C%' and name <> 'C1'`
    await query(`delete from warehouse_locations where warehouse_id in (${gone})`)
    await query(`delete from warehouses where id in (${gone})`)
    const tables = (await query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind = 'r'`,
    )) as { n: number }[]
    const { jobs, log, run } = fakeJobs()
    // pg-boss's schema only where this file's database has it: a shared server's is not this test's.
    await scheduleMaintenance(jobs, { statistics: statisticsTask(t.db, []) }, log)
    await run()
    expect(log.error).not.toHaveBeenCalled()
    expect(log.info).toHaveBeenCalledWith({ task: 'statistics', count: tables[0]!.n }, 'maintenance done')
    expect(await statisticsOf('warehouses')).toMatchObject({ estimate: 30 + ANALYZE_AFTER_ROWS + 1 })
    const [vacuumed] = await query(
      `select n_dead_tup::int as dead from pg_stat_user_tables where relid = 'warehouses'::regclass`,
    )
    if (vacuumed) expect(vacuumed.dead).toBe(0)
  })

  it('a stop under way ends the VACUUM after its current table', async () => {
    const stop = new AbortController()
    stop.abort()
    expect(await statisticsTask(t.db, [])(stop.signal)).toBe(0)
  })
})
