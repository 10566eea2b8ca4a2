/**
 * The orders benches' data: 50 bench clients with 200 products each and `count` orders of 1–3 items, loaded
 * with set-based SQL; shared by the orders and throughput benches (one seeded PostgreSQL database serves both).
 */
import type { OrderStatus } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { statusMix } from '../src/db/seed/orders.ts'
import { mergeInvoiceDayCounts } from '../src/features/invoices/index.ts'
import { mergeOrderDayCounts } from '../src/features/orders/index.ts'
import { mergeRefundDayCounts } from '../src/features/refunds/index.ts'
import { mergeDashboardRollups } from '../src/features/reports/index.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import { createDatabase, databaseUrl, startServer } from './support.ts'

const log = (s: string) => console.log(`  ${s}`)
export const CLIENTS = 50
const PRODUCTS_PER_CLIENT = 200
/** The bench orders' internal numbers start here, above what the demo seed's sequence hands out. */
export const FIRST_NUMBER = 10_000_000
const YEAR_S = 365 * 86_400
export const countries = ['Czech', 'Slovakia', 'Romania', 'Bulgaria', 'Greece']
/** Statuses an order rests in (a year of them); the others are the last few days' work. */
const settled = new Set<OrderStatus>(['Delivered', 'Canceled', 'Not shipped', 'Validated'])

/** The seed's status mix as SQL over a hash in 0..999 (the same shares as the demo). */
function statusCase(h: string): string {
  let upTo = 0
  const total = statusMix.reduce((sum, [, n]) => sum + n, 0)
  const arms = statusMix.map(([status, n]) => {
    upTo += (n * 1000) / total
    return `when ${h} < ${Math.round(upTo)} then '${status}'`
  })
  return `case ${arms.join(' ')} else 'Delivered' end`
}

const settledList = [...settled].map((s) => `'${s}'`).join(', ')
// Item j of order g: product k of the order's client, quantity q; unit price 5 + k % 95 (the line = unit × q).
const itemK = (g: string, j: string) => `(abs(hashtext(${g} || '-' || ${j})) % ${PRODUCTS_PER_CLIENT})`
const itemQ = (g: string, j: string) => `(1 + abs(hashtext('q' || ${g} || '-' || ${j})) % 3)`
const itemCount = (g: string) => `(1 + abs(hashtext('n' || ${g})) % 3)`

/** Orders g in (from, to]: client g % 50, a status from the mix, dates over a year (recent for open work). */
function ordersSql(from: number, to: number): string {
  return `
    insert into orders (id, businessclient_id, internal_numeric_id, client_order_nr, status, ship_to_country,
      ship_to_city, ship_to_street, ship_to_street_nr, ship_to_postcode, ship_to_phone, ship_to_client,
      payment_type, payment_status, payment_total, cod_apply, cod_amount, cod_amount_init, courier_id, eshop_url,
      err_msgs, tracking_id, created_at, updated_at)
    select gen_random_uuid(), c.id, ${FIRST_NUMBER} + x.g, 'B' || x.g, x.status, x.country,
      'Bench city ' || (x.h % 40), 'Bench street', (1 + x.h % 90)::text, lpad((x.h % 99999)::text, 5, '0'),
      '+420 7' || lpad((x.h % 100000000)::text, 8, '0'),
      jsonb_build_object('firstName', 'Jana', 'lastName', 'Bench' || (x.h % 5000), 'email', '', 'isCompany', false,
        'companyName', '', 'taxId', '', 'nr_reg_com', '', 'phone', '', 'country', x.country, 'province', '',
        'city', '', 'street', '', 'streetNr', '', 'postcode', ''),
      case when x.cod then 'COD' else 'Paid Online' end, case when x.cod then 'pending' else 'paid' end,
      t.total, x.cod, case when x.cod then t.total else 0 end, case when x.cod then t.total else 0 end,
      (select id from couriers k where k.country = x.country order by k.is_default desc, k.name
       offset (x.h % 2) limit 1),
      case when x.h % 3 = 0 then '' else 'https://shop' || x.cn || '.example.com' end,
      case when x.status = 'Error' then array['Address not found by courier'] else '{}'::text[] end,
      case when x.status in ('Shipping', 'Delivered', 'COD WAITING', 'Not shipped') then 'T' || x.g else '' end,
      x.created_at, least(now(), x.created_at + make_interval(secs => x.h % 259200))
    from (
      select s.*, now() - make_interval(secs => case when s.status in (${settledList}) then s.age % ${YEAR_S}
                                                     else s.age % 259200 end) as created_at,
             s.status = 'COD WAITING' or s.h % 5 < 2 as cod,
             (array[${countries.map((c) => `'${c}'`).join(', ')}])[1 + (s.cn + (case when s.h % 10 < 7 then 0 else 1 end)) % 5] as country
      from (
        select g, g % ${CLIENTS} as cn, abs(hashtext('o' || g)) as h, abs(hashtext('a' || g)) as age,
               ${statusCase("abs(hashtext('s' || g)) % 1000")} as status
        from generate_series(${from + 1}, ${to}) g
      ) s
    ) x
    join bench_clients c on c.n = x.cn
    cross join lateral (
      select sum(${itemQ('x.g', 'j')} * (5 + ${itemK('x.g', 'j')} % 95)) as total
      from generate_series(1, ${itemCount('x.g')}) j
    ) t;`
}

/** The items of orders g in (from, to], the same products, quantities and prices the totals counted. */
function itemsSql(from: number, to: number): string {
  return `
    insert into order_items (id, order_id, product_id, sku, name, quantity, price, weight, created_at)
    select gen_random_uuid(), o.id, p.id, p.sku, p.name, r.q, r.q * (5 + r.k % 95), p.weight_grams, o.created_at
    from (select o.id, o.created_at, o.internal_numeric_id - ${FIRST_NUMBER} as g, c.n as cn
          from orders o join bench_clients c on c.id = o.businessclient_id
          where o.internal_numeric_id > ${FIRST_NUMBER + from} and o.internal_numeric_id <= ${FIRST_NUMBER + to}) o
    cross join lateral generate_series(1, ${itemCount('o.g')}) j
    cross join lateral (select ${itemK('o.g', 'j')} as k, ${itemQ('o.g', 'j')} as q) r
    join bench_products p on p.client_n = o.cn and p.k = r.k;`
}

export type Exec = (sql: string) => Promise<unknown>
export type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>

/**
 * Set-based bulk data: 50 bench clients with 200 products each, `count` orders with 1–3 items each, a user
 * `bench01` (client of the first bench client, the demo password). The secondary indexes and foreign keys of
 * orders and order_items are dropped during the load and rebuilt once at the end (far cheaper than millions
 * of index inserts); the foreign keys come back NOT VALID, as the stock bench does.
 */
export async function seedBulk(exec: Exec, query: Query, count: number): Promise<number> {
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0)
  await exec(`
    insert into business_clients (id, name)
    select gen_random_uuid(), 'Bench Shop ' || lpad(n::text, 2, '0') from generate_series(1, ${CLIENTS}) n;
    create table bench_clients as
      select (row_number() over (order by name)) % ${CLIENTS} as n, id from business_clients
      where name like 'Bench Shop %';
    insert into products (id, businessclient_id, name, sku, weight_grams)
    select gen_random_uuid(), c.id, 'Bench product ' || p, 'OB' || lpad(c.n::text, 2, '0') || '-' || lpad(p::text, 4, '0'),
           100 + (p * 37) % 2000
    from bench_clients c cross join generate_series(0, ${PRODUCTS_PER_CLIENT - 1}) p;
    create table bench_products as
      select c.n as client_n, substr(p.sku, 6)::int as k, p.id, p.sku, p.name, p.weight_grams
      from products p join bench_clients c on c.id = p.businessclient_id;
    create index on bench_products (client_n, k);
    insert into users (id, username, password_hash, roles, businessclient_id)
    select gen_random_uuid(), 'bench01', u.password_hash, array['client'], c.id
    from users u, bench_clients c where u.username = 'eshop1' and c.n = 1;`)
  const { rows: indexes } = await query(
    `select indexname, indexdef from pg_indexes where tablename in ('orders', 'order_items')
     and indexname not like '%pkey'`,
  )
  const { rows: fks } = await query(
    `select conname, conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def from pg_constraint
     where contype = 'f' and conrelid in ('orders'::regclass, 'order_items'::regclass)`,
  )
  for (const i of indexes) await exec(`drop index ${i.indexname}`)
  for (const f of fks) await exec(`alter table ${f.tbl} drop constraint ${f.conname}`)
  const step = 100_000
  for (let from = 0; from < count; from += step) {
    const to = Math.min(count, from + step)
    await exec(ordersSql(from, to))
    await exec(itemsSql(from, to))
    log(`orders: ${to.toLocaleString('en')} (${seconds()} s)`)
  }
  await exec(`create index bench_orders_number on orders (internal_numeric_id)`)
  for (const i of indexes) await exec(String(i.indexdef))
  await exec('drop index bench_orders_number')
  for (const f of fks) await exec(`alter table ${f.tbl} add constraint ${f.conname} ${f.def} not valid`)
  await exec(`select setval('orders_internal_numeric_id_seq', ${FIRST_NUMBER + count + 1})`)
  await exec('drop table bench_products; drop table bench_clients;')
  await exec('vacuum analyze')
  log(`indexes and vacuum (${seconds()} s)`)
  return (performance.now() - started) / 1000
}

/** What the measures need from the database, read before the server starts (PGlite is the server's own). */
export interface Facts {
  count: number
  clientId: string
  since: string
  exported: { orders: number; lines: number }
  ready: string[]
}

export async function factsOf(q: Query, count: number): Promise<Facts> {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const [{ rows: user }, { rows: counted }, { rows: ready }] = [
    await q(`select businessclient_id from users where username = 'bench01'`),
    await q(
      `select count(distinct o.id)::int as orders, count(*)::int as lines from orders o
       join order_items i on i.order_id = o.id where o.created_at >= '${since}'::date`,
    ),
    await q(
      `select id from orders where status = 'Order Ready for picking' and internal_numeric_id > ${FIRST_NUMBER}
       order by created_at desc limit 1000`,
    ),
  ]
  return {
    count,
    clientId: String(user[0]!.businessclient_id),
    since,
    exported: { orders: Number(counted[0]!.orders), lines: Number(counted[0]!.lines) },
    ready: ready.map((r) => String(r.id)),
  }
}

/** The database the PostgreSQL benches share (BENCH_ORDERS_DB names another, e.g. for a parallel run). */
export const BENCH_ORDERS_DB = process.env.BENCH_ORDERS_DB ?? 'expedo_bench_orders'

/**
 * The PostgreSQL database of `count` bench orders (plus the demo's), migrated by a server start: reused when
 * an earlier run seeded it with as many (BENCH_ORDERS_RESEED=1 seeds anew), otherwise created and seeded.
 * Answers its URL and the seconds the load took (null when reused).
 */
export async function benchOrdersDatabase(adminUrl: string, count: number) {
  const url = databaseUrl(adminUrl, BENCH_ORDERS_DB)
  if (process.env.BENCH_ORDERS_RESEED !== '1' && (await benchOrderCount(url)) === count) {
    await (await startServer({ DATABASE_URL: url })).stop() // applies newer migrations
    await settle(url)
    return { url, seconds: null }
  }
  await createDatabase(adminUrl, BENCH_ORDERS_DB)
  await (await startServer({ DATABASE_URL: url })).stop()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const seconds = await seedBulk(
      (sql) => client.query(sql),
      (sql) => client.query(sql),
      count,
    )
    await settle(url)
    return { url, seconds }
  } finally {
    await client.end()
  }
}

/**
 * Folds the count tables' deltas (what the API's minutely job does) and vacuums, so a measure reads the
 * tables as a server that has run a while has them, whatever the machine's autovacuum setting: after a bulk
 * load, order_day_counts held 1.26 million dead rows beside 0.4 million live ones (autovacuum off here),
 * and a whole-history filter's totals took 83 ms instead of 9.
 */
export async function settle(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 1 })
  try {
    await mergeOrderDayCounts(database.db)
    await mergeInvoiceDayCounts(database.db)
    await mergeRefundDayCounts(database.db)
    await mergeDashboardRollups(database.db)
    await database.db.execute(sql`vacuum analyze`)
  } finally {
    await database.close()
  }
}

async function benchOrderCount(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    const { rows } = await client.query(
      // Only the bench's own (B1, B2 …): a server run on this database may add orders after them (the demo
      // shop's Shoptet pulls), which must not make the next run load the million again.
      `select count(*)::int as n from orders where internal_numeric_id > ${FIRST_NUMBER} and client_order_nr like 'B%'`,
    )
    return Number(rows[0].n)
  } catch {
    return null // no such database (yet)
  } finally {
    await client.end().catch(() => {})
  }
}
