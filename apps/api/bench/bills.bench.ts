/**
 * The monthly bill run on PostgreSQL: CLIENTS business clients × SERVICES services of last month (one
 * currency and country each, three service names), billed by `runBills` in this process. The run reads and
 * sums the services in SQL (one UPDATE claims a group, one GROUP BY makes its items), so memory does not
 * grow with the services: the RSS of this process sampled during the run is the figure.
 */
import { monthPeriod, previousMonth } from '@expedo/domain'
import { runBills } from '../src/features/bills/use-cases/run-bills.ts'
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts'
import { sampleRss } from './rss.ts'
import { createDatabase } from './support.ts'

const CLIENTS = Number(process.env.BENCH_BILL_CLIENTS ?? 50)
const SERVICES = Number(process.env.BENCH_BILL_SERVICES ?? 200_000)

export async function billsBench(): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (!adminUrl) return '| Bill run | skipped (set DATABASE_URL or BENCH_DATABASE_URL) | |'
  const url = await createDatabase(adminUrl, 'expedo_bench_bills')
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 4 })
  try {
    await migrateDatabase(database)
    const { pool, db } = database
    const month = previousMonth(new Date().toISOString().slice(0, 10))
    const { start } = monthPeriod(month)
    await pool.query(`insert into issuers (id, country, name, address) values (gen_random_uuid(), 'Czech', 'Expedo',
      '{"street":"","streetNr":"","postcode":"","city":"","country":"Czech"}')`)
    const filled = performance.now()
    for (let c = 1; c <= CLIENTS; c++) {
      const { rows } = await pool.query(
        `insert into business_clients (id, name) values (gen_random_uuid(), $1) returning id`,
        [`Bench client ${c}`],
      )
      await pool.query(
        `insert into services (id, businessclient_id, service_type, category, trigger, quantity, unit_price, amount,
           currency, country, service_date, dedupe_key)
         select gen_random_uuid(), $1::uuid, (array['fulfilment','transport','storage'])[1 + g % 3], 'warehouse', 'Order',
           1, 20 + g % 3, 20 + g % 3, 'CZK', 'Czech', $2::date + (g % 28), 'bench:' || $1::text || ':' || g
         from generate_series(1, $3::int) g`,
        [rows[0].id, start, SERVICES],
      )
    }
    await pool.query('analyze services')
    const fillSeconds = (performance.now() - filled) / 1000
    // The run's own peak: sampled while it runs (maxRSS is the process's lifetime peak, the load included).
    const rss = sampleRss()
    const started = performance.now()
    let peak = 0
    const result = await runBills(db, month).finally(() => {
      peak = rss.stop()
    })
    const seconds = (performance.now() - started) / 1000
    const total = CLIENTS * SERVICES
    if (result.services !== total) throw new Error(`billed ${result.services} of ${total}`)
    const rerun = performance.now()
    const again = await runBills(db, month)
    const rerunSeconds = (performance.now() - rerun) / 1000
    return [
      '## Bills (PostgreSQL)',
      '',
      '| what | value | target |',
      '|---|---|---|',
      `| Services inserted (${CLIENTS} clients × ${SERVICES.toLocaleString('en')}) | ${fillSeconds.toFixed(0)} s | |`,
      `| Bill run, ${result.bills.length} bills of ${total.toLocaleString('en')} services | ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} services/s) | |`,
      `| RSS of the bench process during the run (sampled every 50 ms: before ${rss.beforeMb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB) | +${Math.max(0, peak - rss.beforeMb).toFixed(0)} MB | flat, not per service; peak ≤ 250 MB |`,
      `| Rerun (nothing left to bill: ${again.bills.length} bills) | ${rerunSeconds.toFixed(2)} s | |`,
    ].join('\n')
  } finally {
    await database.close()
  }
}
