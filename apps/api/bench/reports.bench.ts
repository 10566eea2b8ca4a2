/**
 * Reports on PostgreSQL: the stock turnover report at 10,000,000 ledger movements, and the home dashboard at
 * 1,000,000 orders (the orders bench's data builder, in a database of its own), each under 8 connections.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from '../src/db/schema/index.ts'
import { mergeDashboardRollups } from '../src/features/reports/dashboard-rollups.repository.ts'
import { httpLoad, type LoadResult } from './load.ts'
import { seedBulk } from './orders-data.ts'
import {
  createDatabase,
  DROP_LEDGER_REFERENCES,
  databaseUrl,
  demoToken,
  ms,
  RESTORE_LEDGER_REFERENCES,
  startServer,
} from './support.ts'

const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 10_000_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
/** Cards of the turnover bench: 2,000 products × 3 warehouses; the movements spread over a year. */
const PRODUCTS = 2_000
const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const log = (s: string) => console.log(`  ${s}`)
const result = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}${r.failed ? `, ${r.failed} failed` : ''}`

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * A year of ledger: per card, alternating receipts (+) and shipments to customers ('Order', −), oldest
 * first; the running balance stays ≥ 0 (each shipment takes less than the receipt before it).
 */
async function seedLedger(c: pg.Client): Promise<number> {
  const started = performance.now()
  await c.query(`
    insert into business_clients (id, name) values (gen_random_uuid(), 'Turnover Bench s.r.o.');
    insert into products (id, businessclient_id, name, sku)
    select gen_random_uuid(), (select id from business_clients where name = 'Turnover Bench s.r.o.'),
           'Turnover product ' || g, 'TB-' || lpad(g::text, 6, '0')
    from generate_series(1, ${PRODUCTS}) g;
    insert into inventory_cards (id, warehouse_id, businessclient_id, product_id, sku, available, blocked)
    select gen_random_uuid(), w.id, p.businessclient_id, p.id, p.sku, ${Math.ceil(MOVEMENTS / PRODUCTS / 3 / 2)}, 0
    from products p cross join warehouses w where p.sku like 'TB-%';
    drop index if exists stock_movements_card_created_idx;
    drop index if exists stock_movements_source_idx;
    drop index if exists stock_movements_shipped_idx;
    ${DROP_LEDGER_REFERENCES}
    alter table stock_movements drop constraint if exists stock_movements_pkey;
    alter table stock_movements drop constraint if exists stock_movements_inventory_card_id_inventory_cards_id_fk;`)
  const cards = PRODUCTS * 3
  const perCard = Math.ceil(MOVEMENTS / cards)
  const step = Math.max(1, Math.floor(1_000_000 / perCard))
  // k odd: a receipt of 2 units; k even: a shipment of 1 — the balance after k is k - floor(k/2) … ≥ 0.
  for (let from = 0; from < cards; from += step) {
    await c.query(`
      insert into stock_movements (id, inventory_card_id, quantity, quantity_available, total_after, triggred_by,
                                   created_at)
      select gen_random_uuid(), c.id, case when k % 2 = 1 then 2 else -1 end,
             2 * ((k + 1) / 2) - k / 2, 2 * ((k + 1) / 2) - k / 2,
             case when k % 2 = 1 then 'Inboundshipment' else 'Order' end,
             now() - make_interval(secs => (${perCard} - k) * ${Math.floor((365 * 86_400) / perCard)})
      from (select id, row_number() over (order by id) as n from inventory_cards where sku like 'TB-%') c
      cross join generate_series(1, ${perCard}) k
      where c.n > ${from} and c.n <= ${from + step}`)
    log(`movements: ${(Math.min(from + step, cards) * perCard).toLocaleString('en')}`)
  }
  await finishLedger(c)
  return (performance.now() - started) / 1000
}

/** The ledger's keys and indexes, rebuilt once after the bulk load; then the planner's statistics. */
async function finishLedger(c: pg.Client) {
  await c.query(`
    alter table stock_movements add constraint stock_movements_pkey primary key (id);
    create index stock_movements_card_created_idx on stock_movements (inventory_card_id, created_at desc, id desc);
    create index stock_movements_source_idx on stock_movements (action_source_id);
    create index stock_movements_shipped_idx on stock_movements (inventory_card_id, created_at, quantity)
      where triggred_by = 'Order';
    alter table stock_movements add constraint stock_movements_inventory_card_id_inventory_cards_id_fk
      foreign key (inventory_card_id) references inventory_cards(id) not valid;
    ${RESTORE_LEDGER_REFERENCES}`)
  // VACUUM cannot run inside the implicit transaction of a multi-statement query.
  await c.query('vacuum analyze')
}

async function turnover(adminUrl: string) {
  // BENCH_TURNOVER_REUSE=1: keep a ledger an earlier run loaded (rebuilding its indexes if they are missing).
  const reuse = process.env.BENCH_TURNOVER_REUSE === '1'
  const url = reuse
    ? databaseUrl(adminUrl, 'expedo_bench_turnover')
    : await createDatabase(adminUrl, 'expedo_bench_turnover')
  await (await startServer({ DATABASE_URL: url })).stop()
  const seconds = reuse
    ? await withClient(url, async (c) => {
        const started = performance.now()
        const pkey = await c.query(`select 1 from pg_constraint where conname = 'stock_movements_pkey'`)
        if (!pkey.rows.length) await finishLedger(c)
        return (performance.now() - started) / 1000
      })
    : await withClient(url, seedLedger)
  const count = await withClient(url, async (c) =>
    Number((await c.query('select count(*) from stock_movements')).rows[0].count),
  )
  log(`ledger: ${count.toLocaleString('en')} movements in ${seconds.toFixed(0)} s`)
  row(
    `turnover: ${reuse ? 'a ledger loaded by an earlier run, keys and indexes rebuilt:' : 'seed'} ${count.toLocaleString('en')} movements (set-based SQL, indexes rebuilt once)`,
    `${seconds.toFixed(0)} s`,
  )
  const server = await startServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '16' })
  try {
    const token = await demoToken(server.url, 'operator')
    for (const days of [7, 30]) {
      for (const page of [1, 300]) {
        const r = await httpLoad({
          url: `${server.url}/api/reports/stockturnover/?days=${days}&currentPage=${page}`,
          token,
          connections: 8,
          seconds: SECONDS,
        })
        const what = `GET /api/reports/stockturnover/ days=${days}, page ${page}, as staff, ${count.toLocaleString('en')} movements, 8 connections`
        log(`${what}: ${result(r)}`)
        row(what, result(r), 'p95 ≤ 200 ms')
      }
    }
  } finally {
    await server.stop()
  }
}

/** One unbilled service per order created this month (the dashboard's unbilled tile reads them). */
async function seedServices(c: pg.Client): Promise<number> {
  await c.query(`
    insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, unit_price, amount,
                          currency, country, service_date, dedupe_key, created_at)
    select gen_random_uuid(), o.businessclient_id, 'fulfilment', 'warehouse', 'Order', o.id, 25.50, 25.50, 'CZK',
           'Czech', o.created_at::date, 'bench-' || o.id, o.created_at
    from orders o where o.created_at >= date_trunc('month', now());`)
  await c.query('vacuum analyze services')
  return Number((await c.query('select count(*) from services')).rows[0].count)
}

async function dashboard(adminUrl: string) {
  // BENCH_DASHBOARD_REUSE=1: the database an earlier run seeded (its 1,000,000 orders take minutes to build).
  const reuse = process.env.BENCH_DASHBOARD_REUSE === '1'
  const url = reuse
    ? adminUrl.replace(/\/[^/]*$/, '/expedo_bench_dashboard')
    : await createDatabase(adminUrl, 'expedo_bench_dashboard')
  // A server start migrates the database (a reused one gets the migrations newer than its seeding).
  await (await startServer({ DATABASE_URL: url })).stop()
  if (!reuse) {
    const seconds = await withClient(url, (c) =>
      seedBulk(
        (sql) => c.query(sql),
        (sql) => c.query(sql),
        ORDERS,
      ),
    )
    const services = await withClient(url, seedServices)
    row(
      `dashboard: seed ${ORDERS.toLocaleString('en')} orders (orders bench builder) and ${services.toLocaleString('en')} unbilled services of this month`,
      `${seconds.toFixed(0)} s`,
    )
  }
  // The rollups' deltas folded, as the server's minutely job keeps them (the seeding appended them per batch).
  const folded = await withClient(url, (c) => mergeDashboardRollups(drizzle(c, { schema })))
  log(`dashboard rollups: ${folded.toLocaleString('en')} delta rows folded`)
  // As served (figures kept DASHBOARD_CACHE_SECONDS, 30 by default), and computed on every call.
  for (const [cache, label] of [
    ['30', 'figures kept 30 s'],
    ['0', 'computed on every call'],
  ] as const) {
    const server = await startServer({
      DATABASE_URL: url,
      DATABASE_POOL_MAX: '16',
      DASHBOARD_CACHE_SECONDS: cache,
    })
    try {
      for (const [who, username] of [
        ['admin (every client)', 'admin'],
        ['a client (bench01)', 'bench01'],
      ] as const) {
        const token = await demoToken(server.url, username)
        const r = await httpLoad({
          url: `${server.url}/api/dashboard`,
          token,
          connections: cache === '0' ? 1 : 8,
          seconds: SECONDS,
        })
        const what = `GET /api/dashboard as ${who}, ${label}, ${ORDERS.toLocaleString('en')} orders, ${cache === '0' ? '1 connection' : '8 connections'}`
        log(`${what}: ${result(r)}`)
        // The target is the dashboard's queries themselves (issue 11): computed on every call.
        row(what, result(r), 'p95 ≤ 50 ms')
      }
    } finally {
      await server.stop()
    }
  }
}

export async function reportsBench(): Promise<string> {
  rows.length = 0
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const only = process.env.BENCH_REPORTS_ONLY
  if (only !== 'dashboard') await turnover(adminUrl)
  if (only !== 'turnover') await dashboard(adminUrl)
  return [
    '## Reports and the home dashboard (PostgreSQL)',
    '',
    `The stock turnover report reads a page of 10 inventory cards and, per card, only its window's shipping rows through the partial index stock_movements_shipped_idx (${PRODUCTS.toLocaleString('en')} products × 3 warehouses, the ledger spread over a year, half of it shipments). The dashboard answers from rollups of tens of rows kept by statement triggers (orders per day × client × status, order_status_totals, COD WAITING per client × country, No goods demand per client × product, unbilled services per month × client × currency; migration 0019), and keeps its figures 30 s per tenant scope (a burst of home pages computes them once); the rows 'computed on every call' are the computation itself, one caller at a time.`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}
