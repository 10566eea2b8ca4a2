import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { products } from '../../db/schema/index.ts'
import { ANALYZE_AFTER_ROWS } from '../../platform/db/statistics.ts'

let t: TestApp
let a: Tenant
let asA: TestApi

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Garden s.r.o.' } })
  asA = t.as(await t.tokenFor(a.user))
})
afterAll(() => t?.close())

const row = (sku: string, extra: Record<string, unknown> = {}) => ({
  name: `Flower pot ${sku}`,
  codes: { sku, barcode: `859${sku}` },
  color: 'terracotta',
  size: '12 cm',
  proprities: { weight: 350 },
  ...extra,
})
const countOf = (businessclientId: string) =>
  t.db.$count(products, eq(products.businessclientId, businessclientId))

describe('POST /api/products/upload/xls', () => {
  it('saves valid rows and reports each invalid or duplicate row', async () => {
    await asA.post('/api/products', { name: 'Existing', codes: { sku: 'XLS-EXISTING' } })
    const res = await asA.post('/api/products/upload/xls', {
      products: [
        row('XLS-1'),
        row('XLS-2', { codes: { sku: 'XLS-2' } }),
        { name: '', codes: { sku: 'XLS-3', barcode: '1' } },
        row('XLS-1'),
        row('XLS-EXISTING'),
        row('XLS-4', { proprities: { weight: 'heavy' } }),
        row('XLS-5', { codes: { sku: 'XLS-5', barcode: 8594001234563 }, proprities: { weight: '120' } }),
        'not a row',
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.map((r: { success: boolean }) => r.success)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ])
    expect(res.body[1]).toMatchObject({
      sku: 'XLS-2',
      success: false,
      error: 'Required: barcode',
      code: 'REQUIRED',
    })
    expect(res.body[2].error).toBe('Required: name')
    expect(res.body[3]).toMatchObject({
      code: 'DUPLICATE_IN_FILE',
      error: 'Duplicate SKU in the file (row 1)',
    })
    expect(res.body[4]).toMatchObject({ code: 'DUPLICATE_SKU', error: expect.stringContaining('E11000') })
    expect(res.body[5]).toMatchObject({ code: 'INVALID', error: expect.stringContaining('Weight') })
    const saved = await asA.get('/api/products', { searchTerm: 'XLS-5' })
    expect(saved.body.list[0]).toMatchObject({
      codes: { barcode: '8594001234563' },
      proprities: { weight: 120 },
    })
  })

  it('imports 5,000 rows in one call', async () => {
    const before = await countOf(a.client.id)
    const rows = Array.from({ length: 5000 }, (_, i) => row(`BULK-${String(i).padStart(5, '0')}`))
    const res = await asA.post('/api/products/upload/xls', { products: rows })
    expect(res.status).toBe(200)
    expect(res.body.filter((r: { success: boolean }) => r.success)).toHaveLength(5000)
    expect(await countOf(a.client.id)).toBe(before + 5000)
  })

  it('takes a body above the app’s 2 MB default, and refuses more than 10,000 rows', async () => {
    const long = 'x'.repeat(280)
    const rows = Array.from({ length: 6000 }, (_, i) => row(`LONG-${i}`, { name: `${long} ${i}` }))
    expect(JSON.stringify({ products: rows }).length).toBeGreaterThan(2 * 1024 * 1024)
    const res = await asA.post('/api/products/upload/xls', { products: rows })
    expect(res.status).toBe(200)
    expect(res.body.every((r: { success: boolean }) => r.success)).toBe(true)
    const tooMany = await asA.post('/api/products/upload/xls', {
      products: Array.from({ length: 10_001 }, (_, i) => row(`MANY-${i}`)),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.details).toEqual({ products: 'at most 10000 rows' })
    const tooBig = await asA.post('/api/products/upload/xls', {
      products: [row('BIG-1', { name: 'x'.repeat(17 * 1024 * 1024) })],
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.details).toEqual({ body: 'is larger than 16 MB' })
  })

  it('lets staff import for a named business client and requires one', async () => {
    const { api } = await t.userWithToken({ roles: ['operator'] })
    const missing = await api.post('/api/products/upload/xls', { products: [row('OP-1')] })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('businessclient')
    const res = await api.post('/api/products/upload/xls', {
      products: [row('OP-1')],
      businessclient: a.client.id,
    })
    expect(res.body).toEqual([{ sku: 'OP-1', name: 'Flower pot OP-1', success: true }])
  })

  it('answers 400 for an empty file, 403 to finance and 404 for another business client, saving nothing', async () => {
    const before = await countOf(a.client.id)
    const empty = await asA.post('/api/products/upload/xls', { products: [] })
    expect(empty.status).toBe(400)
    expect(empty.body.details).toHaveProperty('products')
    const { api: finance } = await t.userWithToken({ roles: ['finance'] })
    expect(
      (
        await finance.post('/api/products/upload/xls', {
          products: [row('F-1')],
          businessclient: a.client.id,
        })
      ).status,
    ).toBe(403)
    const other = await t.factory.tenant()
    const asOther = t.as(await t.tokenFor(other.user))
    expect(
      (
        await asOther.post('/api/products/upload/xls', {
          products: [row('O-1')],
          businessclient: a.client.id,
        })
      ).status,
    ).toBe(404)
    expect(await countOf(a.client.id)).toBe(before)
  })

  it("gathers the products table's statistics after a bulk import, once the answer is sent", async () => {
    const estimate = async () =>
      (
        await t.database.pool.query(
          `select reltuples::int as n from pg_class where oid = 'products'::regclass`,
        )
      ).rows[0].n as number
    const rows = Array.from({ length: ANALYZE_AFTER_ROWS + 20 }, (_, i) => row(`BULK-${i}`))
    const res = await asA.post('/api/products/upload/xls', { products: rows })
    expect(res.status).toBe(200)
    const count = await t.db.$count(products)
    // INSERT leaves the planner's estimate as it was; only ANALYZE (or VACUUM) brings it to the count.
    await expect.poll(estimate, { interval: 100 }).toBe(count)
    const [stats] = (
      await t.database.pool.query(
        `select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'products'`,
      )
    ).rows
    expect(stats.n).toBeGreaterThan(0)
  })
})
