/**
 * Several API processes on one PostgreSQL (README "Running on PostgreSQL and scaling out"): three real server
 * processes (src/server.ts) started together on a cloned test database and one Shoptet fake — A and B with
 * job workers, C serving HTTP only (JOBS_ENABLED=false) — and driven at once. Gap-free numbering,
 * Idempotency-Key, duplicate order numbers, the per-username sign-in lock, session revocation and the
 * scheduled jobs must behave as with one process. PostgreSQL only: the embedded database is one process by
 * design (docs/adr/0002).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { demoReadmeBlock, readmeDemoBlock } from '../src/db/seed/readme.ts'
import { SHOPTET_SIGNATURE_HEADER } from '../src/platform/providers/shoptet/index.ts'
import { createTestApp, type Json, TEST_ENV, type TestApp } from './app.ts'
import { eventually } from './eventually.ts'
import { TEST_PASSWORD } from './factories.ts'
import { draftCopies, invoiceDesk } from './invoice-fixtures.ts'
import { dropTestDatabases, TEST_DB_PREFIX, urlOfDatabase, withAdmin } from './pg-server.ts'
import { ANY_PORT, readyPort } from './server-ready.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from './shoptet.ts'
import {
  type ConnectedShop,
  connectedShop,
  importedOrders,
  signedDelivery,
} from './shoptet-orders-fixtures.ts'

const onPostgres = Boolean(process.env.DATABASE_URL)
const serverScript = fileURLToPath(new URL('../src/server.ts', import.meta.url))
const year = new Date().getUTCFullYear()

interface ApiProcess {
  name: string
  baseUrl: string
  child: ChildProcess
  output: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A server process as `npm start` runs it, on the test database; ready once /api/health answers 200. The
 * bound is for a stuck start, sized for a loaded machine: three processes loading their modules at once beside
 * two suites (load 10) took over 45 s (a side-by-side pair, 2026-11-29).
 */
async function startApiProcess(
  name: string,
  env: Record<string, string>,
  boundMs = 240_000,
): Promise<ApiProcess> {
  const child = spawn(process.execPath, [serverScript], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: ANY_PORT, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const until = Date.now() + boundMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}: ${output.join('')}`)
    const port = readyPort(output.join(''))
    const baseUrl = `http://127.0.0.1:${port}`
    const ok =
      port !== undefined &&
      (await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    if (ok) return { name, baseUrl, child, output }
    if (Date.now() > until) throw new Error(`${name} did not start: ${output.join('')}`)
    await sleep(200)
  }
}

async function stopApiProcess(p: ApiProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null) return
  const exited = new Promise((resolve) => p.child.once('exit', resolve))
  p.child.kill('SIGTERM')
  await Promise.race([exited, sleep(20_000)])
  if (p.child.exitCode === null) p.child.kill('SIGKILL')
}

async function call(
  p: ApiProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${p.baseUrl}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await res.text()
  let body: Json = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: res.status, body }
}

/** Runs `tasks` with at most `limit` at a time (as callers behind a load balancer would). */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++
        results[i] = await tasks[i]!()
      }
    }),
  )
  return results
}

let bed: ShoptetTestbed
let t: TestApp
let filesDir: string
let a: ApiProcess
let b: ApiProcess
/** A process that only serves HTTP (JOBS_ENABLED=false). */
let c: ApiProcess
let d: Awaited<ReturnType<typeof invoiceDesk>>
let shop: ConnectedShop
const query = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params).then((r) => r.rows)

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  beforeAll(async () => {
    bed = await startShoptet()
    // The fixtures are written through an app of the test's own (no jobs) on the cloned database.
    t = await createTestApp({ env: shoptetEnv(bed) })
    d = await invoiceDesk(t)
    shop = await connectedShop(t, bed)
    filesDir = await mkdtemp(path.join(tmpdir(), 'expedo-multi-'))
    const env = {
      ...TEST_ENV,
      ...shoptetEnv(bed),
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'true',
      LOG_LEVEL: 'info', // the ready line names the port (server-ready.ts)
      FILES_DIR: filesDir,
      DATABASE_POOL_MAX: '8',
      MAX_IN_FLIGHT: '1000',
      DATABASE_POOL_WAIT_MS: '30000',
    }
    // Started together, as a deployment's processes are (migrations and pg-boss's set-up race here too).
    ;[a, b, c] = await Promise.all([
      startApiProcess('A', env),
      startApiProcess('B', env),
      startApiProcess('C', { ...env, JOBS_ENABLED: 'false' }),
    ])
  }, 300_000)

  afterAll(async () => {
    await Promise.all([stopApiProcess(a), stopApiProcess(b), stopApiProcess(c)])
    await t?.close()
    await bed?.close()
    if (filesDir) await rm(filesDir, { recursive: true, force: true })
  }, 60_000)

  it('500 invoice issues split between the processes take contiguous numbers, no gap, no duplicate', async () => {
    const c = await d.client()
    const first = await d.draft(c)
    const n = 500
    const drafts = await draftCopies(t, first._id, n)
    const answers = await inParallel(
      drafts.map(
        (id, i) => () => call(i % 2 ? b : a, 'POST', `/api/invoices/${id}/issue`, { token: c.token }),
      ),
      32,
    )
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([])
    expect(answers.map((r) => r.body.sequenceNumber as string).sort()).toEqual(
      Array.from({ length: n }, (_, i) => `FVCZ${year}${String(i + 1).padStart(6, '0')}`),
    )
  }, 60_000)

  it('one Idempotency-Key sent to both processes at once creates one order; the others replay it', async () => {
    const c = await d.client()
    const body = {
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '53', postcode: '602 00' },
      items: [{ product: c.p1.id, quantity: 1, price: 100 }],
      clientOrderNr: t.factory.unique('IDEM'),
    }
    const headers = { 'idempotency-key': `multi-${Date.now()}` }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/orders/create/new', { token: c.token, body, headers }),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201))
    expect(new Set(answers.map((r) => r.body._id)).size).toBe(1)
    const rows = await query('select count(*)::int as n from orders where client_order_nr = $1', [
      body.clientOrderNr,
    ])
    expect(rows[0].n).toBe(1)
  })

  it('one order number sent to both processes at once: one order, the rest 409 DUPLICATE_ORDER_NUMBER', async () => {
    const c = await d.client()
    const body = {
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '53', postcode: '602 00' },
      items: [{ product: c.p1.id, quantity: 1, price: 100 }],
      clientOrderNr: t.factory.unique('DUP'),
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', '/api/orders/create/new', { token: c.token, body }),
      ),
    )
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1)
    expect(answers.filter((r) => r.status !== 201).map((r) => [r.status, r.body.code])).toEqual(
      Array(9).fill([409, 'DUPLICATE_ORDER_NUMBER']),
    )
  })

  it('failed sign-ins spread over both processes lock the username after 5, on both', async () => {
    const user = await t.factory.user({ roles: ['operator'] })
    const wrong = { username: user.username, password: 'wrong-password-123' }
    const failures = []
    for (let i = 0; i < 5; i++)
      failures.push(await call(i % 2 ? b : a, 'POST', '/api/auth/signin', { body: wrong }))
    expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401])
    const right = { username: user.username, password: TEST_PASSWORD }
    const [onA, onB] = [
      await call(a, 'POST', '/api/auth/signin', { body: right }),
      await call(b, 'POST', '/api/auth/signin', { body: right }),
    ]
    expect([onA.status, onA.body.code, onB.status, onB.body.code]).toEqual([
      429,
      'RATE_LIMITED',
      429,
      'RATE_LIMITED',
    ])
  })

  it('a disabled user’s session is refused by both processes on the next request', async () => {
    const user = await t.factory.user({ roles: ['operator'] })
    const signedIn = await call(a, 'POST', '/api/auth/signin', {
      body: { username: user.username, password: TEST_PASSWORD },
    })
    expect(signedIn.status).toBe(200)
    const token = signedIn.body.token as string
    // Both processes have served the session (and keep its verified token).
    expect((await call(a, 'GET', '/api/users', { token })).status).toBe(200)
    expect((await call(b, 'GET', '/api/users', { token })).status).toBe(200)
    // An administrator disables the account (there is no API call for it: the database, or the CLI's).
    await query(`update users set status = 'disabled' where id = $1`, [user.id])
    const [onA, onB] = await Promise.all([
      call(a, 'GET', '/api/users', { token }),
      call(b, 'GET', '/api/users', { token }),
    ])
    expect([onA.status, onB.status]).toEqual([401, 401])
  })

  it('a process without job workers queues its jobs for the others: a webhook it takes is synced by A or B', async () => {
    const order = bed.fake.createOrder(shop.shoptetEshopId, {
      items: [{ code: shop.products[0]!.sku, amount: 1 }],
    })
    const delivery = signedDelivery(shop.shoptetEshopId, 'order:create', order.code, shop.signatureKey)
    const res = await fetch(`${c.baseUrl}/api/shoptet/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SHOPTET_SIGNATURE_HEADER]: delivery.signature },
      body: delivery.body,
    })
    expect(res.status).toBe(200)
    // The shop's sync went through pg-boss (stately: one per shop across the processes) and a worker ran it.
    const syncs = await eventually(
      () =>
        query(`select state from pgboss.job where name = 'shoptet-orders-sync' and data->>'eshopId' = $1`, [
          shop.eshop.id,
        ]),
      (rows) => rows.some((r) => r.state === 'completed'),
      30_000,
    )
    expect(syncs.map((r) => r.state)).toEqual(['completed'])
    const imported = await eventually(
      () => importedOrders(t, shop.eshop.id),
      (rows) => rows.length > 0,
      10_000,
    )
    expect(imported.map((o) => o.eshopOrderCode)).toEqual([order.code])
  }, 45_000)

  it('each scheduled job runs once per period across both processes, the Shoptet pull too', async () => {
    const order = bed.fake.createOrder(shop.shoptetEshopId, {
      items: [{ code: shop.products[0]!.sku, amount: 1 }],
    })
    // Both processes registered each schedule: one row per job.
    const schedules = await query('select name, cron from pgboss.schedule order by name')
    expect(schedules.filter((s) => s.name === 'shoptet-orders-pull')).toEqual([
      { name: 'shoptet-orders-pull', cron: '*/2 * * * *' },
    ])
    // The 2-minute pull made due at once: every minute, and the schedule's clock asked now.
    await query(`update pgboss.schedule set cron = '* * * * *' where name = 'shoptet-orders-pull'`)
    await query('update pgboss.version set cron_on = null')
    const done = async () =>
      (
        await query(
          // A shop's sync asked for by the schedule (pull) is counted apart from the webhook's.
          `select case when (data->>'pull')::boolean then 'pull-sync' else name end as name, count(*)::int as jobs,
                  count(*) filter (where state = 'completed')::int as completed
             from pgboss.job where name in ('maintenance-minutely', 'shoptet-orders-pull', 'shoptet-orders-sync')
             group by 1 order by 1`,
        )
      ).reduce<Record<string, { jobs: number; completed: number }>>((all, r) => {
        all[r.name] = { jobs: r.jobs, completed: r.completed }
        return all
      }, {})
    await eventually(
      done,
      (j) =>
        (j['maintenance-minutely']?.completed ?? 0) > 0 &&
        (j['shoptet-orders-pull']?.completed ?? 0) > 0 &&
        (j['pull-sync']?.completed ?? 0) > 0,
      50_000,
    )
    // One job per minute the schedule fired in (pg-boss's send-it slot), not one per process. One snapshot:
    // a slot being sent right now may or may not have its job yet, a sent one has it.
    const counts = await query(
      `select s.name, count(distinct s.singleton_on)::int as slots,
              count(distinct s.singleton_on) filter (where s.state = 'completed')::int as sent,
              (select count(*)::int from pgboss.job j where j.name = s.name) as jobs,
              (select count(*)::int from pgboss.job j
                where j.name = 'shoptet-orders-sync' and (j.data->>'pull')::boolean) as pull_syncs
         from (select data->>'name' as name, singleton_on, state from pgboss.job
                where name = '__pgboss__send-it') s
        where s.name in ('maintenance-minutely', 'shoptet-orders-pull')
        group by s.name order by s.name`,
    )
    expect(counts).toHaveLength(2)
    for (const c of counts) {
      expect(c.jobs, c.name).toBeGreaterThanOrEqual(Math.max(1, c.sent))
      expect(c.jobs, c.name).toBeLessThanOrEqual(c.slots)
    }
    // One pull of the shop per pull job, whichever process ran it.
    const pullJobs = counts.find((c) => c.name === 'shoptet-orders-pull')!
    expect(pullJobs.pull_syncs).toBeGreaterThanOrEqual(1)
    expect(pullJobs.pull_syncs).toBeLessThanOrEqual(pullJobs.jobs)
    const imported = await importedOrders(t, shop.eshop.id)
    expect(imported.filter((o) => o.eshopOrderCode === order.code)).toHaveLength(1)
  }, 60_000)
})

describe.skipIf(!onPostgres)('two API processes started at once on an empty PostgreSQL', () => {
  it('one migrates and loads the demo while the other waits: one demo dataset, no error, both serve', async () => {
    const serverUrl = process.env.DATABASE_URL!
    const name = `${inject('pgRunPrefix') || TEST_DB_PREFIX}empty_${randomBytes(4).toString('hex')}`
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${name}`))
    const dir = await mkdtemp(path.join(tmpdir(), 'expedo-multi-seed-'))
    const env = {
      ...TEST_ENV,
      NODE_ENV: 'development',
      DATABASE_URL: urlOfDatabase(serverUrl, name),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      FILES_DIR: dir,
      // Jobs across processes are the first test's. Shoptet configured, as the README asks of several processes:
      // each process's own local fake would connect the demo shop and store its token over the other's
      // (the other's next call: 'invalid_token', an error line). Nothing calls it here.
      JOBS_ENABLED: 'false',
      SHOPTET_API_URL: 'http://127.0.0.1:9',
      SHOPTET_OAUTH_URL: 'http://127.0.0.1:9/action/ApiOAuthServer',
      SHOPTET_CLIENT_ID: 'multi-process-test',
    }
    const started: ApiProcess[] = []
    try {
      // The demo seed takes a minute or more on a loaded machine; the second process waits for it.
      const both = await Promise.allSettled([
        startApiProcess('E1', env, 300_000),
        startApiProcess('E2', env, 300_000),
      ])
      for (const p of both) if (p.status === 'fulfilled') started.push(p.value)
      expect(
        both.map((p) => (p.status === 'fulfilled' ? 'serving' : String(p.reason).slice(0, 2000))),
      ).toEqual(['serving', 'serving'])
      const outputs = started.map((p) => p.output.join(''))
      // One loaded the demo; the other found it loaded.
      expect(outputs.filter((o) => o.includes('Demo data loaded'))).toHaveLength(1)
      for (const output of outputs) expect(output).not.toMatch(/"level":(50|60)/)
      const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8')
      await withAdmin(urlOfDatabase(serverUrl, name), async (client) => {
        const pool = { query: (sql: string) => client.query(sql) } as unknown as Parameters<
          typeof demoReadmeBlock
        >[0]
        expect(await demoReadmeBlock(pool)).toBe(readmeDemoBlock(readme))
      })
    } finally {
      await Promise.all(started.map(stopApiProcess))
      await dropTestDatabases(serverUrl, (candidate) => candidate === name)
      await rm(dir, { recursive: true, force: true })
    }
  }, 660_000)
})
