import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { createTestDatabase } from '../../../test/db.ts'
import type { Database } from '../db/database.ts'

let database: Database
let t: TestApp
/** The short wait the test is about. */
const WAIT_MS = 200

beforeAll(async () => {
  // One connection. The set-up opens it with time to spare (at load 20, opening a connection to PostgreSQL
  // took longer than 200 ms, and the set-up itself failed); the short wait applies from the test on.
  database = await createTestDatabase({ poolMax: 1, poolWaitMs: 60_000 })
  t = await createTestApp({ database })
})
afterAll(async () => {
  await t?.close()
  await database?.close()
})

describe('the bounded wait for a database connection', () => {
  it('refuses a call with 503 OVERLOADED and Retry-After when no connection frees up in time', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    // Something holds the only connection (a long transaction, say) while the call comes.
    const holder = await database.pool.connect()
    // pg-pool reads its wait for each call: from here a call waits WAIT_MS for the held connection.
    database.pool.options.connectionTimeoutMillis = WAIT_MS
    const started = performance.now()
    const res = await api.get('/api/products')
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: 'OVERLOADED' })
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    // Refused after the short wait, not after the set-up's minute: bounded, whatever the machine's load.
    expect(performance.now() - started).toBeLessThan(30_000)
    holder.release()
    expect((await api.get('/api/products')).status).toBe(200)
  })
})
