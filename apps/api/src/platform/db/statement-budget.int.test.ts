import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

// The embedded database runs a statement in this process's thread: no timeout or cancel can stop one
// there (statement-budget.ts), so what needs a running statement stopped is checked on PostgreSQL.
const postgres = Boolean(process.env.DATABASE_URL)

/** A statement of many seconds on PostgreSQL (without pg_sleep: it burns CPU as a broad search does). */
const LONG = sql`select count(*) from generate_series(1, 500000000)`

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { STATEMENT_TIMEOUT_MS: '300', LONG_STATEMENT_TIMEOUT_MS: '45000' } })
})
afterAll(() => t?.close())

describe("a request's statements are bounded", () => {
  it.runIf(postgres)(
    'answers 503 QUERY_TOO_BROAD with Retry-After when a statement runs past the timeout, in well under its own time',
    async () => {
      const { api } = await t.userWithToken({ roles: ['admin'] })
      const slow = vi.spyOn(t.services.products, 'list').mockImplementationOnce(async () => {
        await t.db.execute(LONG)
        throw new Error('the statement should have been cancelled')
      })
      const started = performance.now()
      const res = await api.get('/api/products')
      slow.mockRestore()
      expect(res.status).toBe(503)
      expect(res.body).toMatchObject({
        code: 'QUERY_TOO_BROAD',
        message: 'The search took too long; narrow it',
      })
      expect(['1', '2', '3']).toContain(res.headers['retry-after'])
      expect(performance.now() - started).toBeLessThan(10_000)
      expect((await api.get('/api/products')).status).toBe(200)
    },
  )

  it('answers a statement the database cancelled as 503 QUERY_TOO_BROAD, not 500', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    const cancelled = vi.spyOn(t.services.products, 'list').mockImplementationOnce(async () => {
      await t.db.execute(
        sql`do $$ begin raise exception 'canceling statement' using errcode = '57014'; end $$`,
      )
      throw new Error('unreachable')
    })
    const res = await api.get('/api/products')
    cancelled.mockRestore()
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: 'QUERY_TOO_BROAD' })
    expect(res.headers['retry-after']).toBeDefined()
  })

  it('gives a write the long budget and a read the short one', async () => {
    const { api } = await t.tenantWithApi()
    const seen: unknown[] = []
    const setting = async () => {
      seen.push((await t.db.execute(sql`select current_setting('statement_timeout') as s`)).rows[0]!.s)
      throw new Error('seen')
    }
    const write = vi.spyOn(t.services.products, 'create').mockImplementationOnce(setting)
    const read = vi.spyOn(t.services.products, 'list').mockImplementationOnce(setting)
    await api.post('/api/products', { name: 'Budget', codes: { sku: 'BUDGET-1' } })
    await api.get('/api/products')
    write.mockRestore()
    read.mockRestore()
    expect(seen).toEqual(['45s', '300ms'])
  })

  it.runIf(postgres)('leaves work outside a request unbounded (jobs, migrations)', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    // Requests first, so the pool's connections have set the request timeout.
    await Promise.all([api.get('/api/products'), api.get('/api/products'), api.get('/api/products')])
    const rows = await Promise.all(
      [1, 2, 3].map(() => t.db.execute(sql`select pg_sleep(0.5), current_setting('statement_timeout') as s`)),
    )
    expect(rows.map((r) => r.rows[0]!.s)).toEqual(['0', '0', '0'])
  })
})

describe('a caller that goes away', () => {
  it.runIf(postgres)("cancels its request's running statement", async () => {
    const app = await createTestApp({ database: t.database, env: { STATEMENT_TIMEOUT_MS: '120000' } })
    try {
      const address = await app.app.listen({ host: '127.0.0.1', port: 0 })
      const { token } = await app.userWithToken({ roles: ['admin'] })
      const marker = `budget-test-${Math.random().toString(36).slice(2)}`
      vi.spyOn(app.services.products, 'list').mockImplementationOnce(async () => {
        await app.db.execute(sql.raw(`select count(*) /* ${marker} */ from generate_series(1, 2000000000)`))
        throw new Error('the statement should have been cancelled')
      })
      const running = async () =>
        Number(
          (
            await t.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                  where state = 'active' and query like ${`%${marker}%`} and pid <> pg_backend_pid()`,
            )
          ).rows[0]!.n,
        )
      const caller = new AbortController()
      const answered = fetch(`${address}/api/products`, {
        headers: { authorization: `Bearer ${token}` },
        signal: caller.signal,
      }).catch((error: Error) => error)
      await vi.waitFor(async () => expect(await running()).toBe(1), { timeout: 60_000, interval: 100 })
      caller.abort()
      expect(await answered).toBeInstanceOf(Error)
      // Gone long before its own end (minutes) or the 120 s timeout.
      await vi.waitFor(async () => expect(await running()).toBe(0), { timeout: 10_000, interval: 100 })
    } finally {
      vi.restoreAllMocks()
      await app.close()
    }
  })
})
