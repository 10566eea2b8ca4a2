import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import {
  createOrdersListRepository,
  type OrderListFilter,
} from '../src/features/orders/orders-list.repository.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import { embeddedExtensions } from '../src/platform/db/embedded.ts'
import type { TenantScope } from '../src/platform/http/auth-context.ts'
import {
  benchOrdersDatabase,
  type Facts,
  FIRST_NUMBER,
  factsOf,
  type Query,
  seedBulk,
} from './orders-data.ts'
import {
  demoToken,
  layerAgainstHand,
  measureStream,
  ms,
  post,
  startServer,
  summary,
  timeSequential,
  tryPost,
} from './support.ts'

const rows: string[] = []

/** What the numbers say (kept with the table: a re-run keeps the reading next to the measures). */
const notes = [
  "Reading (see the load row: other jobs share the two cores, so times are above an idle machine's). Every",
  "list page is an index scan in the list's own order, `<date> desc, id desc` (migration 0009). The status",
  'totals of the default tabs (no filter but the client) read order_status_totals, a count per (business',
  'client, status) kept by statement triggers on orders (migration 0010, ADR 0011): a few hundred rows for',
  'staff instead of counting every order (about 1 s at 1,000,000). With a date, product, SKU, country,',
  'courier or COD filter the totals still count the matching orders (an index-only scan of',
  'orders_status_created_idx for a date range; linear in the orders the range holds). The search without a',
  "key ORs trigram indexes (pg_trgm) on the order number, the customer's name and both phones, plus the",
  'unique internal number for a digits-only term, and sorts only the matches. A term of 1 or 2 characters',
  'has no trigram: it stays correct but reads every order (seconds at 1,000,000).',
].join('\n')
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

/** The four list requests the orders screen makes most: All and the default tab, as staff and as a client. */
const listCases = [
  { who: 'operator', label: 'staff', body: {} },
  { who: 'operator', label: 'staff', body: { status: 'Order Ready for picking' } },
  { who: 'operator', label: 'staff, updatedAt', body: { use_createdAt: false } },
  { who: 'bench01', label: 'client', body: {} },
  { who: 'bench01', label: 'client', body: { status: 'Order Ready for picking' } },
] as const

async function measureLists(label: string, url: string, tokens: Record<string, string>) {
  for (const c of listCases) {
    const call = () => post(`${url}/api/orders`, tokens[c.who]!, c.body).then((r) => r.json())
    const first = (await call()) as { total: number; list: unknown[] }
    if (!first.list.length) throw new Error(`empty list for ${JSON.stringify(c)}`)
    await timeSequential(5, call)
    const s = summary(await timeSequential(60, call))
    row(
      `${label}: POST /api/orders ${JSON.stringify(c.body)} as ${c.label} (${first.total.toLocaleString('en')} orders), with status totals`,
      `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}`,
      'p95 ≤ 30 ms',
    )
  }
}

/**
 * The list's queries by hand, as the repository sends them (parameters, extended protocol): the page with its
 * joins and the status totals side by side, then the page's items and the lines' stock side by side.
 */
const RAW_PAGE = `
  select o.*, b.name, w.name, k.name, ou.username, au.username from orders o
  join business_clients b on b.id = o.businessclient_id left join warehouses w on w.id = o.warehouse_id
  left join couriers k on k.id = o.courier_id left join users ou on ou.id = o.open_user_id
  left join users au on au.id = o.assigned_user_id
  where ($1::uuid is null or o.businessclient_id = $1) and ($2::text is null or o.status = $2)
  order by o.created_at desc, o.id desc limit $3 offset $4`
const RAW_TOTALS = `select status, sum(count) from order_status_totals
  where ($1::uuid is null or businessclient_id = $1) and count > 0 group by status order by status`
/** The search without a key as the repository sends it: each ILIKE on its trigram index's expression. */
const RAW_SEARCH = `
  select o.id from orders o
  where o.client_order_nr ilike $1 or o.internal_numeric_id = $2
     or ((o.ship_to_client ->> 'firstName') || ' ' || (o.ship_to_client ->> 'lastName')) ilike $1
     or o.ship_to_phone ilike $1 or (o.ship_to_client ->> 'phone') ilike $1
  order by o.created_at desc, o.id desc limit 10`
const RAW_ITEMS = 'select * from order_items where order_id = any($1::uuid[]) order by id'
const RAW_STOCK = `
  select oi.id, coalesce((select sum(ic.available) from inventory_cards ic where ic.businessclient_id = o.businessclient_id
                          and ic.sku = oi.sku and (o.warehouse_id is null or ic.warehouse_id = o.warehouse_id)), 0)
    + coalesce((select sum(ob.quantity) from order_blocks ob where ob.order_item_id = oi.id), 0) as stock
  from order_items oi join orders o on o.id = oi.order_id where oi.order_id = any($1::uuid[])`

async function measureLayer(label: string, dbUrl: string, clientId: string) {
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: 'memory', poolMax: 2 })
  const repo = createOrdersListRepository(database.db)
  const { pool } = database
  for (const [who, scope, status] of [
    ['staff', { kind: 'all' }, undefined],
    ['client', { kind: 'client', businessclientId: clientId }, 'Order Ready for picking'],
  ] as [string, TenantScope, string | undefined][]) {
    const filter: OrderListFilter = { dateField: 'createdAt', status }
    const layer = () => repo.list(scope, filter, { offset: 0, limit: 10 })
    const tenant = scope.kind === 'client' ? scope.businessclientId : null
    const raw = async () => {
      const [page] = await Promise.all([
        pool.query(RAW_PAGE, [tenant, status ?? null, 10, 0]),
        pool.query(RAW_TOTALS, [tenant]),
      ])
      const ids = page.rows.map((r) => r.id)
      await Promise.all([pool.query(RAW_ITEMS, [ids]), pool.query(RAW_STOCK, [ids])])
    }
    const { shown, ratio } = await layerAgainstHand(layer, raw, { samples: 100, warmUp: 10 })
    row(
      `${label}: the list (${who}${status ? `, ${status}` : ', All'}) through the data-access layer vs by hand, same pool`,
      shown,
    )
    row(`${label}: data-access layer / raw SQL (p50), ${who}`, ratio, '≤ 1.5')
  }
  await database.close()
}

async function measureSearch(label: string, url: string, token: string, count: number) {
  let n = 0
  const numbers = () => FIRST_NUMBER + 1 + ((n++ * 7919) % count)
  for (const key of ['internalNumericId', undefined] as const) {
    const call = async () => {
      const body = { searchTerm: String(numbers()), ...(key ? { key } : {}) }
      const found = (await (await post(`${url}/api/orders/find/search`, token, body)).json()) as {
        total: number
      }
      if (found.total < 1) throw new Error(`search ${JSON.stringify(body)} found nothing`)
    }
    // Without a key every row is read (ILIKE '%…%'): a few samples say enough.
    await timeSequential(key ? 5 : 1, call)
    const s = summary(await timeSequential(key ? 100 : 5, call))
    row(
      `${label}: POST /api/orders/find/search, an order number${key ? ` (key ${key})` : ' (no key: number, customer or phone)'}`,
      `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}`,
    )
  }
}

const exportsOf = ['perprodcutline', 'perorderline', 'perorderline/cost'] as const

/** Each export of the last 30 days' orders (every client), streamed; 'not available' while the route is missing. */
async function measureExports(
  label: string,
  server: { url: string; pid: number },
  token: string,
  facts: Facts,
) {
  const body = { dateFrom: facts.since }
  const counts = facts.exported
  for (const name of exportsOf) {
    const what = `${label}: POST /api/orders/export/${name}, the last 30 days`
    const result = await measureStream(server, () =>
      tryPost(`${server.url}/api/orders/export/${name}`, token, body),
    )
    if (!result) {
      row(what, 'not available (the route answers 404/5xx on this build)')
      continue
    }
    const rowsOut = name === 'perprodcutline' ? counts.lines : counts.orders
    row(
      `${what}: ${rowsOut.toLocaleString('en')} rows (${(result.bytes / 2 ** 20).toFixed(1)} MB)`,
      `${result.seconds.toFixed(1)} s, ${Math.round(rowsOut / result.seconds).toLocaleString('en')} rows/s; server RSS ${result.rssBefore} → peak ${result.rssPeak}`,
      label === 'PGlite' ? '(RSS includes the embedded database)' : 'peak RSS ≤ 250 MB',
    )
  }
}

/** One PUT /api/orders moving 1,000 'Order Ready for picking' orders to 'Product Picking'. */
async function measureBulk(label: string, url: string, token: string, ids: string[]) {
  const started = performance.now()
  const res = await fetch(`${url}/api/orders`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ orders: ids, status: 'Product Picking' }),
  })
  const took = performance.now() - started
  const what = `${label}: PUT /api/orders, ${ids.length.toLocaleString('en')} orders Order Ready for picking → Product Picking`
  if (!res.ok) row(what, `not available (${res.status} on this build)`)
  else row(what, ms(took))
}

/** EXPLAIN ANALYZE of the list's queries: the plan's top node and the execution time, for the doc. */
async function explainLists(client: pg.Client, clientId: string) {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString()
  const courier = (await client.query(`select id from couriers where name = 'PPL'`)).rows[0]?.id
  const cases: [string, string, unknown[]][] = [
    ['page, staff, All, createdAt', RAW_PAGE, [null, null, 10, 0]],
    ['page, client, Order Ready for picking', RAW_PAGE, [clientId, 'Order Ready for picking', 10, 0]],
    ['totals, staff', RAW_TOTALS, [null]],
    ['totals, client', RAW_TOTALS, [clientId]],
    [
      'page, staff, All, updatedAt',
      RAW_PAGE.replace('order by o.created_at desc', 'order by o.updated_at desc'),
      [null, null, 10, 0],
    ],
    [
      'page, staff, Delivered, updatedAt ≥ 30 days ago, country Czech, courier PPL',
      `${RAW_PAGE.replace('order by o.created_at desc', "and o.updated_at >= $5 and o.ship_to_country = 'Czech' and o.courier_id = $6 order by o.updated_at desc")}`,
      [null, 'Delivered', 10, 0, since, courier],
    ],
    [
      'search without a key (an order number), staff, first page',
      RAW_SEARCH,
      [`%${FIRST_NUMBER + 12_345}%`, FIRST_NUMBER + 12_345],
    ],
    [
      'totals, staff, updatedAt ≥ 30 days ago, country Czech',
      `select status, count(*) from orders where updated_at >= $1 and ship_to_country = 'Czech' group by status`,
      [since],
    ],
  ]
  for (const [what, sql, params] of cases) {
    const { rows: plan } = await client.query(`explain (analyze, buffers) ${sql}`, params)
    const lines = plan.map((r) => r['QUERY PLAN'] as string)
    console.log(`\n  EXPLAIN ${what}\n${lines.map((l) => `    ${l}`).join('\n')}`)
    const top = lines.find((l) => /Scan|Aggregate/.test(l))?.trim() ?? lines[0]!
    const time = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? ''
    row(
      `PostgreSQL: EXPLAIN ANALYZE ${what}`,
      `${time}; ${top.replace(/\s+\(cost.*$/, '').replace(/\|/g, '\\|')}`,
    )
  }
}

/** Everything measured against one started server. */
async function measureAll(
  label: string,
  server: { url: string; pid: number },
  facts: Facts,
  dbUrl: string | null,
) {
  const tokens = {
    operator: await demoToken(server.url, 'operator'),
    bench01: await demoToken(server.url, 'bench01'),
  }
  await measureLists(label, server.url, tokens)
  if (dbUrl) await measureLayer(label, dbUrl, facts.clientId)
  await measureSearch(label, server.url, tokens.operator, facts.count)
  await measureExports(label, server, tokens.operator, facts)
  await measureBulk(label, server.url, tokens.operator, facts.ready)
}

async function pgliteBench(small: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-orders-'))
  const boot = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  await boot.stop()
  const lite = await PGlite.create(dataDir, { extensions: embeddedExtensions })
  const liteSeed = await seedBulk(
    (sql) => lite.exec(sql),
    (sql) => lite.query(sql) as Promise<{ rows: Record<string, unknown>[] }>,
    small,
  )
  const liteFacts = await factsOf((sql) => lite.query(sql) as ReturnType<Query>, small)
  await lite.close()
  row(
    `PGlite: seed ${small.toLocaleString('en')} orders of 50 clients, 1–3 items each (set-based SQL)`,
    `${liteSeed.toFixed(1)} s`,
  )
  const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    await measureAll('PGlite', embedded, liteFacts, null)
  } finally {
    await embedded.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function ordersBench(): Promise<string> {
  rows.length = 0
  const loadBefore = loadavg()[0]!

  // PGlite: 50,000 orders (BENCH_ORDERS_PGLITE=0 skips it).
  const small = Number(process.env.BENCH_ORDERS_PGLITE ?? 50_000)
  if (small > 0) await pgliteBench(small)

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (adminUrl) {
    const big = Number(process.env.BENCH_ORDERS ?? 1_000_000)
    const { url, seconds } = await benchOrdersDatabase(adminUrl, big)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows: counted } = await client.query(
      'select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items',
    )
    row(
      `PostgreSQL: seed ${Number(counted[0].orders).toLocaleString('en')} orders of 50 clients, ${Number(counted[0].items).toLocaleString('en')} items (set-based SQL)`,
      seconds === null ? 'reused the database an earlier run seeded' : `${seconds.toFixed(0)} s`,
    )
    const facts = await factsOf((sql) => client.query(sql), big)
    await explainLists(client, facts.clientId)
    const server = await startServer({ DATABASE_URL: url })
    try {
      await measureAll('PostgreSQL', server, facts, url)
    } finally {
      await server.stop()
      await client.end()
    }
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  // Other processes on the machine share its cores: the load says how far the times are from an idle machine.
  row(
    'Machine load average (1 min) at start and end',
    `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  )
  return ['## Orders', '', '| measure | result | target |', '|---|---|---|', ...rows, '', notes].join('\n')
}
