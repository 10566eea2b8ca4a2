import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { inventoryCards, products } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Garden s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Home SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
})
afterAll(() => t?.close())

const staff = async (role: 'admin' | 'operator' | 'finance') => (await t.userWithToken({ roles: [role] })).api
const productCount = async (businessclientId: string) =>
  t.db.$count(products, eq(products.businessclientId, businessclientId))
const skus = (body: Json): string[] => body.list.map((p: Json) => p.codes.sku)

async function create(api: TestApi, sku: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/products', {
    name: `Product ${sku}`,
    codes: { sku, barcode: `EAN-${sku}` },
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('POST /api/products', () => {
  it('creates a product for the client’s own business client, in the spec’s nested shape', async () => {
    const res = await asA.post('/api/products', {
      name: 'Garden rake',
      codes: { sku: 'RAKE-1', barcode: '8594001234563', clientsku: 'R1' },
      color: 'green',
      size: 'L',
      proprities: { weight: 1250, dimentions: { height: 150, lenght: 40.5, width: 8 }, note: 'long' },
      storage: { temp: 18.5, note: 'dry' },
      description: 'A rake',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Garden rake',
      codes: { sku: 'RAKE-1', barcode: '8594001234563', clientsku: 'R1' },
      businessclient: { _id: a.client.id, name: 'Alpha Garden s.r.o.' },
      allowImportOrders: true,
      proprities: { weight: 1250, dimentions: { height: 150, lenght: 40.5, width: 8 }, note: 'long' },
      storage: { temp: 18.5, note: 'dry' },
      photos: [],
      client_ids: [],
    })
  })

  it('lets staff create for a named business client and requires one', async () => {
    const operator = await staff('operator')
    const res = await operator.post('/api/products', {
      name: 'Pot',
      codes: { sku: 'POT-1' },
      businessclient: b.client.id,
    })
    expect(res.status).toBe(201)
    expect(res.body.businessclient._id).toBe(b.client.id)
    const missing = await operator.post('/api/products', { name: 'Pot', codes: { sku: 'POT-2' } })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('businessclient')
  })

  it('answers 409 DUPLICATE_SKU with E11000 for a SKU the business client already has', async () => {
    await create(asA, 'DUP-1')
    const before = await productCount(a.client.id)
    const res = await asA.post('/api/products', { name: 'Again', codes: { sku: 'DUP-1' } })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('DUPLICATE_SKU')
    expect(res.body.message).toContain('E11000')
    expect(await productCount(a.client.id)).toBe(before)
    // Another business client may use the same SKU.
    await create(asB, 'DUP-1')
  })

  it.each([
    [{ codes: { sku: 'X' } }, 'name'],
    [{ name: 'No sku', codes: { sku: '  ' } }, 'codes.sku'],
    [{ name: 'Heavy', codes: { sku: 'W-1' }, proprities: { weight: -1 } }, 'proprities.weight'],
    [
      { name: 'Wide', codes: { sku: 'W-2' }, proprities: { dimentions: { width: -3 } } },
      'proprities.dimentions.width',
    ],
  ])('answers 400 for %j with the field in details and writes nothing', async (payload, field) => {
    const before = await productCount(a.client.id)
    const res = await asA.post('/api/products', payload)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.details).toHaveProperty([field])
    expect(await productCount(a.client.id)).toBe(before)
  })

  it('forbids finance to create products', async () => {
    const res = await (await staff('finance')).post('/api/products', {
      name: 'Nope',
      codes: { sku: 'FIN-1' },
      businessclient: a.client.id,
    })
    expect(res.status).toBe(403)
  })

  it('answers 404 when a client names another business client', async () => {
    const before = await productCount(b.client.id)
    const res = await asA.post('/api/products', {
      name: 'X',
      codes: { sku: 'X-9' },
      businessclient: b.client.id,
    })
    expect(res.status).toBe(404)
    expect(await productCount(b.client.id)).toBe(before)
  })
})

describe('GET /api/products', () => {
  let listed: TestApp
  let own: Tenant
  let api: TestApi
  beforeAll(async () => {
    listed = t
    own = await t.factory.tenant({ client: { name: 'Gamma Paging a.s.' } })
    api = t.as(await t.tokenFor(own.user))
    for (const sku of ['GAM-001', 'GAM-002', 'GAM-003', 'OTHER-1']) await create(api, sku)
  })

  it('pages newest first and counts the total', async () => {
    const first = await api.get('/api/products', { currentPage: '1', itemsPerPage: '3' })
    expect(first.status).toBe(200)
    expect(first.body.total).toBe(4)
    expect(skus(first.body)).toEqual(['OTHER-1', 'GAM-003', 'GAM-002'])
    const second = await api.get('/api/products', { currentPage: '2', itemsPerPage: '3' })
    expect(skus(second.body)).toEqual(['GAM-001'])
  })

  it('searches name, SKU and barcode only above 2 characters', async () => {
    expect(skus((await api.get('/api/products', { searchTerm: 'gam-00' })).body)).toHaveLength(3)
    expect(skus((await api.get('/api/products', { searchTerm: 'EAN-OTHER' })).body)).toEqual(['OTHER-1'])
    expect((await api.get('/api/products', { searchTerm: 'OT' })).body.total).toBe(4)
  })

  it('shows staff every business client, filtered by repeated businessclient', async () => {
    const admin = await listed.asAdmin()
    const res = await admin.request({
      method: 'GET',
      url: `/api/products?businessclient=${a.client.id}&businessclient=${own.client.id}&itemsPerPage=1000`,
    })
    expect(res.status).toBe(200)
    const owners = new Set(res.body.list.map((p: Json) => p.businessclient._id))
    expect(owners).toEqual(new Set([a.client.id, own.client.id]))
    const finance = await staff('finance')
    expect((await finance.get('/api/products')).status).toBe(200)
  })

  it('filters by warehouse: products with an inventory card there', async () => {
    const warehouse = await t.factory.warehouse()
    const list = await api.get('/api/products', { itemsPerPage: '10' })
    const product = list.body.list.find((p: Json) => p.codes.sku === 'GAM-002')
    await t.db.insert(inventoryCards).values({
      warehouseId: warehouse.id,
      businessclientId: own.client.id,
      productId: product._id,
      sku: 'GAM-002',
    })
    expect(skus((await api.get('/api/products', { warehouse: warehouse.id })).body)).toEqual(['GAM-002'])
  })

  it('shows a client only its own products, whatever it filters by', async () => {
    const res = await asB.get('/api/products', { businessclient: own.client.id })
    expect(res.status).toBe(200)
    expect(res.body.list.every((p: Json) => p.businessclient._id === b.client.id)).toBe(true)
  })

  it('answers 400 for a page below 1', async () => {
    const res = await api.get('/api/products', { currentPage: '0' })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['query.currentPage'])
  })
})

describe('GET /api/products/:id', () => {
  it('answers the product and notPairedOrders 0', async () => {
    const p = await create(asA, 'GET-1')
    const res = await asA.get(`/api/products/${p._id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ foundProduct: p, notPairedOrders: 0 })
  })

  it('answers 404 for another tenant’s product and 400 for a junk id', async () => {
    const p = await create(asA, 'GET-2')
    expect((await asB.get(`/api/products/${p._id}`)).status).toBe(404)
    expect((await asB.get('/api/products/junk')).status).toBe(400)
  })
})
