/**
 * The refunds list on PostgreSQL at 1,000,000 refunds (a database of its own, `expedo_bench_refunds`,
 * reused while it holds that many): GET /api/refunds, the screen's default (10 rows newest first, with its
 * count), a status filter and a search, as finance (every client) and as a client, 8 connections.
 */
import { loadavg } from 'node:os'
import pg from 'pg'
import { httpLoad, type LoadResult } from './load.ts'
import { createDatabase, databaseUrl, demoToken, ms, startServer } from './support.ts'

const REFUNDS = Number(process.env.BENCH_REFUNDS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CLIENTS = 50
/** One order per ten refunds (a refund belongs to an order). */
const ORDERS = Math.max(CLIENTS, Math.round(REFUNDS / 10))
const DAYS = 730
const DB = 'expedo_bench_refunds'
const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const log = (s: string) => console.log(`  ${s}`)
const rps = (r: LoadResult) => `${r.rps.toFixed(0)} req/s`

async function benchRefundCount(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    const { rows: found } = await client.query(
      `select count(*)::int as n from refunds where refundid like 'B-%'`,
    )
    return Number(found[0].n)
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * 50 bench clients (user `bench01` of the first, the demo password), an order per ten refunds and `count`
 * refunds over the last two years, spread evenly over clients, statuses and time. Secondary indexes are
 * dropped during the load and rebuilt once.
 */
async function seedRefunds(url: string, count: number): Promise<number> {
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
      from users u, bench_clients c where u.username = 'eshop1' and c.n = 0;
      create table bench_orders (n int primary key, id uuid not null, businessclient_id uuid not null);
      insert into bench_orders select g, gen_random_uuid(), c.id
        from generate_series(0, ${ORDERS - 1}) g join bench_clients c on c.n = g % ${CLIENTS};
      insert into orders (id, businessclient_id, client_order_nr, status, ship_to_country, ship_to_city,
        ship_to_street, ship_to_postcode, ship_to_client, created_at, updated_at)
      select o.id, o.businessclient_id, 'BR' || o.n, 'Delivered', 'Slovakia', 'Bratislava', 'Hlavná', '811 01',
        jsonb_build_object('firstName', 'Jana', 'lastName', 'Bench', 'email', '', 'isCompany', false,
          'companyName', '', 'taxId', '', 'nr_reg_com', '', 'phone', '', 'country', 'Slovakia', 'province', '',
          'city', '', 'street', '', 'streetNr', '', 'postcode', ''),
        now() - interval '${DAYS + 1} days', now() - interval '${DAYS + 1} days'
      from bench_orders o;`)
    log(`orders: ${ORDERS.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where tablename = 'refunds' and indexname not like '%pkey'`,
    )
    for (const i of indexes) await exec(`drop index ${i.indexname}`)
    const statuses = `(array['New','Approved','not sent','Rejected','Pending Bank Confirmation','duplicate','Refunded','error'])`
    const step = 500_000
    for (let from = 0; from < count; from += step) {
      const to = Math.min(count, from + step)
      await exec(`
        insert into refunds (id, refundid, businessclient_id, order_id, status, name, phone, country, city, street,
          amount, currency, iban, created_at, updated_at)
        select gen_random_uuid(), 'B-' || lpad(g::text, 7, '0'), o.businessclient_id, o.id, ${statuses}[1 + g % 8],
          'Customer ' || (g % 9973), '+421 900 ' || lpad((g % 1000000)::text, 6, '0'), 'Slovakia', 'Bratislava',
          'Hlavná ' || (g % 200), 1 + (g % 500), 'EUR', 'SK3112000000198742637541',
          now() - (g::double precision / ${count} * ${DAYS}) * interval '1 day',
          now() - (g::double precision / ${count} * ${DAYS}) * interval '1 day'
        from generate_series(${from + 1}, ${to}) g
        join bench_orders o on o.n = g % ${ORDERS}`)
      log(`refunds: ${to.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    for (const i of indexes) await exec(String(i.indexdef))
    await exec('drop table bench_clients; drop table bench_orders')
    // The day counts as the minutely fold leaves them: one merged row per client, status and day.
    await exec(`
      create table bench_counts as
        select businessclient_id, status, day, sum(count)::int as count from refund_day_counts group by 1, 2, 3;
      delete from refund_day_counts;
      insert into refund_day_counts (businessclient_id, status, day, count, merged)
        select businessclient_id, status, day, count, true from bench_counts where count <> 0;
      drop table bench_counts;
      create table bench_counts as
        select status, day, sum(count)::int as count from refund_status_day_counts group by 1, 2;
      delete from refund_status_day_counts;
      insert into refund_status_day_counts (status, day, count, merged)
        select status, day, count, true from bench_counts where count <> 0;
      drop table bench_counts;`)
    await exec('vacuum analyze refund_day_counts')
    await exec('vacuum analyze refund_status_day_counts')
    await exec('vacuum analyze refunds')
    await exec('vacuum analyze orders')
  } finally {
    await client.end()
  }
  return (performance.now() - started) / 1000
}

export async function refundsBench(): Promise<string> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const url = databaseUrl(adminUrl, DB)
  if ((await benchRefundCount(url)) !== REFUNDS) {
    await createDatabase(adminUrl, DB)
    await (await startServer({ DATABASE_URL: url })).stop() // migrates and seeds the demo (users)
    const seconds = await seedRefunds(url, REFUNDS)
    log(`bench refunds loaded in ${seconds.toFixed(0)} s`)
  }
  const server = await startServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '32', MAX_IN_FLIGHT: '1000' })
  try {
    const calls: [string, 'finance' | 'bench01', string][] = [
      ['default (10 newest)', 'finance', ''],
      ['default (10 newest)', 'bench01', ''],
      ['status Approved', 'finance', '&status=Approved'],
      ['status Approved', 'bench01', '&status=Approved'],
      ['sorted by amount', 'bench01', '&sortColumn=amount&sortType=asc'],
      ['search a customer name', 'bench01', '&searchTerm=Customer%20997'],
    ]
    for (const [label, username, query] of calls) {
      const token = await demoToken(server.url, username)
      const api = await httpLoad({
        url: `${server.url}/api/refunds?currentPage=1&limit=10${query}`,
        token,
        connections: 8,
        seconds: SECONDS,
      })
      const who = username === 'finance' ? 'finance (all clients)' : 'a client (1/50)'
      const what = `GET /api/refunds ${label} as ${who}, ${REFUNDS.toLocaleString('en')} refunds, 8 connections`
      log(`${what}: ${rps(api)} p95 ${ms(api.p95)}`)
      row(
        what,
        `${rps(api)}, p50 ${ms(api.p50)}, p95 ${ms(api.p95)}${api.failed ? `, ${api.failed} failed` : ''}`,
        'p95 ≤ 30 ms',
      )
    }
  } finally {
    await server.stop()
  }
  return [
    '## Refunds (PostgreSQL)',
    '',
    `${REFUNDS.toLocaleString('en')} refunds of ${ORDERS.toLocaleString('en')} orders over ${CLIENTS} bench shops and two years, every status equally often. Each answer is one page of 10 rows with the count of all matching rows (summed from the day counts unless a search term is given). The search is the worst case of its trigram indexes: every bench name starts with 'Customer', so the term's common trigrams match every refund and only the digits narrow it. Load average when measured: ${loadavg()[0]!.toFixed(1)} (a shared machine).`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}
