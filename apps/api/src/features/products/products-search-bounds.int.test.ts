import { COUNT_CAP } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

/** A product search's total is counted up to COUNT_CAP; the list without a term still counts them all. */

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>

beforeAll(async () => {
  t = await createTestApp()
  c = await t.tenantWithApi()
  await t.db.execute(sql`
    insert into products (id, businessclient_id, name, sku, weight_grams)
    select gen_random_uuid(), ${c.client.id}, 'Capped product ' || g, 'CAPPED-' || g, 100
    from generate_series(1, ${COUNT_CAP + 5}) g`)
}, 120_000)
afterAll(() => t?.close())

describe('GET /api/products with a search term', () => {
  it(`says "more than ${COUNT_CAP.toLocaleString('en')}" when more match`, async () => {
    const res = await c.api.get('/api/products', { searchTerm: 'capped' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ total: COUNT_CAP, totalCapped: true })
    expect(res.body.list).toHaveLength(10)
  })

  it('is exact when fewer match, and without a term', async () => {
    const one = await c.api.get('/api/products', { searchTerm: 'CAPPED-10004' })
    expect(one.body.total).toBe(1)
    expect(one.body).not.toHaveProperty('totalCapped')
    const all = await c.api.get('/api/products')
    expect(all.body.total).toBeGreaterThanOrEqual(COUNT_CAP + 5)
    expect(all.body).not.toHaveProperty('totalCapped')
  })
})
