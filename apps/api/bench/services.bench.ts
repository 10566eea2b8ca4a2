/**
 * The services list on PostgreSQL at 10,000,000 services (a database of its own, `expedo_bench_services`,
 * reused while it holds that many): POST /api/services/billable, the screen's default (this month, all,
 * 10 rows with its count) and Not billed, as finance (every client) and as a client, 8 connections; and the
 * running bill of a client.
 */
import { loadavg } from 'node:os'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../src/db/schema/index.ts'
import { mergeDashboardRollups } from '../src/features/reports/dashboard-rollups.repository.ts'
import { httpLoad, type LoadResult } from './load.ts'
import { createDatabase, databaseUrl, demoToken, ms, startServer } from './support.ts'

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CLIENTS = 50
const DAYS = 730
const DB = 'expedo_bench_services'
const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const log = (s: string) => console.log(`  ${s}`)
const rps = (r: LoadResult) => `${r.rps.toFixed(0)} req/s`

const today = new Date().toISOString().slice(0, 10)
const monthStart = `${today.slice(0, 8)}01`

async function benchServiceCount(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    const { rows: found } = await client.query(
      `select count(*)::int as n from services where dedupe_key like 'Bench:%'`,
    )
    return Number(found[0].n)
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * 50 bench clients (user `bench01` of the first, the demo password) and `count` services over the last two
 * years, spread evenly over clients and time. Bills are another area's: every service is not billed, so
 * 'Not billed' is as large as 'All' (the worst case of the partial indexes). Secondary indexes are dropped
 * during the load and rebuilt once.
 */
async function seedServices(url: string, count: number): Promise<number> {
  const started = performance.now()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const exec = (sql: string) => client.query(sql)
  try {
    await exec(`
      insert into business_clients (id, name)
      select gen_random_uuid(), 'Bench Shop ' || lpad(n::text, 2, '0') from generate_series(1, ${CLIENTS}) n;
      create table bench_clients as
        select (row_number() over (order by name)) - 1 as n, id from business_clients where name like 'Bench Shop %';
      insert into users (id, username, password_hash, roles, businessclient_id)
      select gen_random_uuid(), 'bench01', u.password_hash, array['client'], c.id
      from users u, bench_clients c where u.username = 'eshop1' and c.n = 0;`)
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'services' and indexname not like '%pkey'`,
    )
    const { rows: fks } = await client.query(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'f' and conrelid = 'services'::regclass`,
    )
    for (const i of indexes) await exec(`drop index ${i.indexname}`)
    for (const f of fks) await exec(`alter table services drop constraint ${f.conname}`)
    const types = `(array['fulfilment','packaging','transport','extra_item','cod','receiving','storage'])`
    const step = 1_000_000
    for (let from = 0; from < count; from += step) {
      const to = Math.min(count, from + step)
      await exec(`
        insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref, quantity,
          unit_price, amount, currency, country, description, service_date, dedupe_key, created_at)
        select gen_random_uuid(), c.id, t.name, case when t.name in ('transport', 'cod') then 'courier'
            when t.name = 'storage' then 'storage' else 'warehouse' end,
          case when t.name = 'receiving' then 'Inboundshipment' when t.name = 'storage' then 'Storage' else 'Order' end,
          gen_random_uuid(), 'B' || g, 1, 26.00, 26.00, 'CZK', 'Czech', 'Bench service ' || g,
          (now() - (g::double precision / ${count} * ${DAYS}) * interval '1 day')::date,
          'Bench:' || g, now() - (g::double precision / ${count} * ${DAYS}) * interval '1 day'
        from generate_series(${from + 1}, ${to}) g
        join bench_clients c on c.n = g % ${CLIENTS}
        cross join lateral (select (${types})[1 + g % 7] as name) t`)
      log(`services: ${to.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    for (const i of indexes) await exec(String(i.indexdef))
    for (const f of fks) await exec(`alter table services add constraint ${f.conname} ${f.def} not valid`)
    await exec('drop table bench_clients')
    await exec('vacuum analyze services')
  } finally {
    await client.end()
  }
  return (performance.now() - started) / 1000
}

export async function servicesBench(): Promise<string> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const url = databaseUrl(adminUrl, DB)
  if ((await benchServiceCount(url)) !== SERVICES) {
    await createDatabase(adminUrl, DB)
    await (await startServer({ DATABASE_URL: url })).stop() // migrates and seeds the demo (users)
    const seconds = await seedServices(url, SERVICES)
    log(`bench services loaded in ${seconds.toFixed(0)} s`)
  } else {
    await (await startServer({ DATABASE_URL: url })).stop() // applies newer migrations
  }
  // The day counts' deltas folded, as the server's minutely job keeps them (the load appended them per batch).
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    log(
      `rollups: ${(await mergeDashboardRollups(drizzle(client, { schema }))).toLocaleString('en')} deltas folded`,
    )
  } finally {
    await client.end()
  }
  const server = await startServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '32', MAX_IN_FLIGHT: '1000' })
  try {
    for (const [who, username] of [
      ['finance', 'finance'],
      ['client', 'bench01'],
    ] as const) {
      const token = await demoToken(server.url, username)
      for (const status of ['all', 'notbilled'] as const) {
        const body = { dateFrom: monthStart, dateTo: today, status, itemsPerPage: 10, currentPage: 1 }
        const api = await httpLoad({
          url: `${server.url}/api/services/billable`,
          token,
          body,
          connections: 8,
          seconds: SECONDS,
        })
        const what = `POST /api/services/billable (this month, ${status}) as ${who}, ${SERVICES.toLocaleString('en')} services, 8 connections`
        log(`${what}: ${rps(api)} p95 ${ms(api.p95)}`)
        row(
          what,
          `${rps(api)}, p50 ${ms(api.p50)}, p95 ${ms(api.p95)}${api.failed ? `, ${api.failed} failed` : ''}`,
          'p95 ≤ 30 ms',
        )
      }
    }
    const client = await demoToken(server.url, 'bench01')
    const running = await httpLoad({
      url: `${server.url}/api/services/running`,
      token: client,
      connections: 8,
      seconds: SECONDS,
    })
    const what = `GET /api/services/running as a client, 8 connections`
    log(`${what}: ${rps(running)} p95 ${ms(running.p95)}`)
    row(what, `${rps(running)}, p50 ${ms(running.p50)}, p95 ${ms(running.p95)}`)
  } finally {
    await server.stop()
  }
  return [
    '## Services (PostgreSQL)',
    '',
    `${SERVICES.toLocaleString('en')} not-billed services over ${CLIENTS} bench shops and two years (about ${Math.round(SERVICES / DAYS).toLocaleString('en')} a day). The list is the screen's default (this month, 10 rows, with its count). The total sums service_day_counts (whole months and the days at a range's ends, kept by the services' statement triggers, migration 0019) instead of counting the month's services. Load average when measured: ${loadavg()[0]!.toFixed(1)} (a shared machine).`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}
