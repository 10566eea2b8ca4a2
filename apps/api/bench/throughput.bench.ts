/**
 * Throughput of the orders list (the screen staff keep open all day) through the API beside the same SQL
 * replayed raw, at 1, 8 and 32 connections, on PostgreSQL at 1,000,000 orders and on the embedded database
 * at demo size; and the filtered tabs (date range, country, courier …) at 1,000,000 orders.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createOrdersListRepository } from '../src/features/orders/orders-list.repository.ts'
import { embeddedExtensions } from '../src/platform/db/embedded.ts'
import type { TenantScope } from '../src/platform/http/auth-context.ts'
import { captureStatements, httpLoad, type LoadResult, pgbenchLoad, type Statement } from './load.ts'
import { benchOrdersDatabase } from './orders-data.ts'
import { demoToken, ms, startServer, summary } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const log = (s: string) => console.log(`  ${s}`)
const CONNECTIONS = [1, 8, 32]
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const rps = (r: LoadResult) => `${r.rps.toFixed(0)} req/s`
const lat = (r: LoadResult) =>
  `p50 ${ms(r.p50)}${Number.isNaN(r.p95) ? ' (mean)' : `, p95 ${ms(r.p95)}`}${r.failed ? `, ${r.failed} failed` : ''}`

/** The statements one list call sends, as the repository sends them: what the raw replay runs. */
const listStatements = (url: string, scope: TenantScope): Promise<Statement[]> =>
  captureStatements(url, (db) =>
    createOrdersListRepository(db).list(scope, { dateField: 'createdAt' }, { offset: 0, limit: 10 }),
  )

async function businessClientOf(url: string, username: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: found } = await client.query('select businessclient_id from users where username = $1', [
      username,
    ])
    return String(found[0].businessclient_id)
  } finally {
    await client.end()
  }
}

/** The default list as staff and as a client: API and raw (extended and prepared) at each connection count. */
async function postgresThroughput(url: string, orders: number) {
  const server = await startServer({ DATABASE_URL: url, DATABASE_POOL_MAX: '32', MAX_IN_FLIGHT: '1000' })
  try {
    for (const [who, username] of [
      ['staff', 'operator'],
      ['client', 'bench01'],
    ] as const) {
      const token = await demoToken(server.url, username)
      const scope: TenantScope =
        who === 'staff'
          ? { kind: 'all' }
          : { kind: 'client', businessclientId: await businessClientOf(url, username) }
      const statements = await listStatements(url, scope)
      for (const connections of CONNECTIONS) {
        const api = await httpLoad({
          url: `${server.url}/api/orders`,
          token,
          body: {},
          connections,
          seconds: SECONDS,
        })
        const extended = await pgbenchLoad({
          databaseUrl: url,
          statements,
          connections,
          seconds: SECONDS,
          mode: 'extended',
        })
        const prepared = await pgbenchLoad({
          databaseUrl: url,
          statements,
          connections,
          seconds: SECONDS,
          mode: 'prepared',
        })
        const what = `PostgreSQL, ${orders.toLocaleString('en')} orders: POST /api/orders {} as ${who}, ${connections} connection${connections > 1 ? 's' : ''}`
        log(`${what}: API ${rps(api)}, raw ${rps(extended)} / prepared ${rps(prepared)}`)
        row(
          what,
          `API ${rps(api)} (${lat(api)}); raw SQL ${rps(extended)} re-planned, ${rps(prepared)} prepared; API/raw ${(extended.rps / api.rps).toFixed(2)} vs re-planned, ${(prepared.rps / api.rps).toFixed(2)} vs prepared`,
          who === 'staff' && connections === 8 ? '≥ 350 req/s, API/raw ≤ 1.3' : '',
        )
      }
    }
  } finally {
    await server.stop()
  }
}

/**
 * The embedded database at demo size: the API at each connection count, beside the same statements run by
 * PGlite itself in this process (one session: the raw figure is single-threaded, like the database).
 */
async function pgliteThroughput() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-throughput-'))
  try {
    await (await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })).stop() // creates and seeds
    // The statements as the repository sends them, captured on the same data.
    const lite = await PGlite.create(dataDir, { extensions: embeddedExtensions })
    const { rows: counted } = await lite.query<{ n: number }>('select count(*)::int as n from orders')
    const { rows: eshop } = await lite.query<{ id: string }>(
      `select businessclient_id as id from users where username = 'eshop1'`,
    )
    await lite.close()
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', MAX_IN_FLIGHT: '1000' })
    try {
      const tokens = {
        staff: await demoToken(server.url, 'operator'),
        client: await demoToken(server.url, 'eshop1'),
      }
      for (const who of ['staff', 'client'] as const) {
        for (const connections of CONNECTIONS) {
          const api = await httpLoad({
            url: `${server.url}/api/orders`,
            token: tokens[who],
            body: {},
            connections,
            seconds: SECONDS,
          })
          const what = `PGlite, demo (${counted[0]!.n.toLocaleString('en')} orders): POST /api/orders {} as ${who}, ${connections} connection${connections > 1 ? 's' : ''}`
          log(`${what}: ${rps(api)}`)
          row(what, `API ${rps(api)} (${lat(api)})`, who === 'staff' ? '≥ 150 req/s' : '')
        }
      }
    } finally {
      await server.stop()
    }
    // Raw: the statements captured and replayed in PGlite directly.
    const lite2 = await PGlite.create(dataDir, { extensions: embeddedExtensions })
    try {
      for (const [who, scope] of [
        ['staff', { kind: 'all' }],
        ['client', { kind: 'client', businessclientId: eshop[0]!.id }],
      ] as [string, TenantScope][]) {
        const statements = await captureOnPglite(lite2, scope)
        const samples: number[] = []
        const until = performance.now() + SECONDS * 1000
        while (performance.now() < until) {
          const t = performance.now()
          for (const s of statements) await lite2.query(s.text, s.values as unknown[])
          samples.push(performance.now() - t)
        }
        const s = summary(samples)
        row(
          `PGlite, demo: the same list's statements run by PGlite in-process (one session), ${who}`,
          `${(samples.length / SECONDS).toFixed(0)} req/s (p50 ${ms(s.p50)}, p95 ${ms(s.p95)})`,
        )
      }
    } finally {
      await lite2.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The statements of one list call on an open PGlite (the repository over a pg pool needs a socket). */
async function captureOnPglite(lite: PGlite, scope: TenantScope): Promise<Statement[]> {
  const { drizzle } = await import('drizzle-orm/pglite')
  const schema = await import('../src/db/schema/index.ts')
  const statements: Statement[] = []
  const db = drizzle(lite, {
    schema,
    logger: { logQuery: (text, values) => statements.push({ text, values }) },
  })
  await createOrdersListRepository(db as never).list(
    scope,
    { dateField: 'createdAt' },
    { offset: 0, limit: 10 },
  )
  return statements
}

/** The filtered tabs at 1,000,000 orders: each filter combination at 8 connections. */
async function filteredTabs(url: string, orders: number) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const one = async (sql: string) => (await client.query(sql)).rows[0] as Record<string, string>
  const ppl = (await one(`select id from couriers where name = 'PPL'`)).id
  const product = await one(
    `select p.id, p.sku from products p join business_clients b on b.id = p.businessclient_id
     where b.name = 'Bench Shop 07' order by p.sku limit 1`,
  )
  await client.end()
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
  const cases: [string, Record<string, unknown>, 'operator' | 'bench01'][] = [
    ['30 days (createdAt)', { dateFrom: day(30), dateTo: day(0) }, 'operator'],
    ['30 days (updatedAt)', { dateFrom: day(30), dateTo: day(0), use_createdAt: false }, 'operator'],
    ['country Czech', { country: 'Czech' }, 'operator'],
    ['country Czech, 30 days', { country: 'Czech', dateFrom: day(30), dateTo: day(0) }, 'operator'],
    ['courier PPL', { courier: ppl }, 'operator'],
    ['COD only', { has_cod: true, no_cod: false }, 'operator'],
    [
      'Delivered tab, 30 days, Czech, PPL, COD',
      {
        status: 'Delivered',
        dateFrom: day(30),
        dateTo: day(0),
        country: 'Czech',
        courier: ppl,
        has_cod: true,
      },
      'operator',
    ],
    ['a product', { product: product.id }, 'operator'],
    ['a SKU, 7 days', { skus: [product.sku], dateFrom: day(7) }, 'operator'],
    ['one year ago, one day', { dateFrom: day(365), dateTo: day(365) }, 'operator'],
    ['client, 30 days, country Slovakia', { dateFrom: day(30), country: 'Slovakia' }, 'bench01'],
  ]
  const server = await startServer({ DATABASE_URL: url, MAX_IN_FLIGHT: '1000' })
  try {
    const tokens = {
      operator: await demoToken(server.url, 'operator'),
      bench01: await demoToken(server.url, 'bench01'),
    }
    for (const [what, body, who] of cases) {
      const r = await httpLoad({
        url: `${server.url}/api/orders`,
        token: tokens[who],
        body,
        connections: 8,
        seconds: SECONDS,
      })
      log(`${what}: ${rps(r)} ${lat(r)}`)
      row(
        `PostgreSQL, ${orders.toLocaleString('en')} orders, 8 connections: ${what}${who === 'bench01' ? ' (as a client)' : ''}`,
        `${lat(r)}, ${rps(r)}`,
        'p95 ≤ 100 ms',
      )
    }
    for (const term of ['a', 'ab']) {
      const started = performance.now()
      const res = await fetch(`${server.url}/api/orders/find/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.operator}` },
        body: JSON.stringify({ searchTerm: term }),
      })
      await res.text()
      row(
        `PostgreSQL, ${orders.toLocaleString('en')} orders: search '${term}' (no key)`,
        `${res.status} in ${ms(performance.now() - started)}`,
        'within 1 s or a message',
      )
    }
  } finally {
    await server.stop()
  }
}

export async function throughputBench(): Promise<string> {
  rows.length = 0
  const loadBefore = loadavg()[0]!
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (process.env.BENCH_THROUGHPUT_PGLITE !== '0') await pgliteThroughput()
  if (adminUrl) {
    const count = Number(process.env.BENCH_ORDERS ?? 1_000_000)
    const { url } = await benchOrdersDatabase(adminUrl, count)
    const orders = count + 2_000
    if (process.env.BENCH_TABS_ONLY !== '1') await postgresThroughput(url, orders)
    await filteredTabs(url, orders)
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  row(
    'Machine load average (1 min) at start and end',
    `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  )
  return [
    '## Throughput and filtered tabs',
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}
