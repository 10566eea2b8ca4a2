import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { createTestDatabase } from '../../../test/db.ts'
import type { Database } from '../db/database.ts'

let database: Database
let t: TestApp
beforeAll(async () => {
  // One connection, and a short wait for it.
  database = await createTestDatabase({ poolMax: 1, poolWaitMs: 200 })
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
    const started = performance.now()
    const res = await api.get('/api/products')
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: 'OVERLOADED' })
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(performance.now() - started).toBeLessThan(900)
    holder.release()
    expect((await api.get('/api/products')).status).toBe(200)
  })
})
