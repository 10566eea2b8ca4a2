import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { uploadRequest } from '../../../test/multipart.ts'
import { eshops } from '../../db/schema/index.ts'

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

let seq = 0
async function create(api: TestApi = asA): Promise<Json> {
  const res = await api.post('/api/products', { name: 'Watering can', codes: { sku: `UPD-${++seq}` } })
  expect(res.status).toBe(201)
  return res.body
}
async function photo(api: TestApi): Promise<string> {
  const upload = await api.request(uploadRequest('products', 'can.png'))
  expect(upload.status).toBe(201)
  const file = await api.post('/api/files/create', { key: upload.body.key })
  expect(file.status).toBe(201)
  return file.body._id
}
async function eshopOf(tenant: Tenant, url: string) {
  const [row] = await t.db
    .insert(eshops)
    .values({ businessclientId: tenant.client.id, eshopUrl: url })
    .returning()
  return row!
}
const get = async (id: string) => (await (await t.asAdmin()).get(`/api/products/${id}`)).body.foundProduct

describe('PUT /api/products/:id', () => {
  it('changes only the given fields, nested as in the answer', async () => {
    const p = await create()
    const res = await asA.put(`/api/products/${p._id}`, {
      codes: { barcode: '123' },
      proprities: { dimentions: { lenght: 12 } },
      storage: { temp: -18 },
      allowImportOrders: false,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Watering can',
      codes: { sku: p.codes.sku, barcode: '123' },
      proprities: { dimentions: { lenght: 12, height: null } },
      storage: { temp: -18 },
      allowImportOrders: false,
    })
  })

  it('sets the ordered photo list from registered files of the same business client', async () => {
    const p = await create()
    const [one, two] = [await photo(asA), await photo(asA)]
    const res = await asA.put(`/api/products/${p._id}`, { photos: [two, one] })
    expect(res.status).toBe(200)
    expect(res.body.photos.map((f: Json) => f._id)).toEqual([two, one])
    expect(res.body.photos[0].publicurl).toMatch(/^\/files\/products\//)
    const cleared = await asA.put(`/api/products/${p._id}`, { photos: [] })
    expect(cleared.body.photos).toEqual([])
  })

  it('lets staff attach their own uploads as photos', async () => {
    const { api } = await t.userWithToken({ roles: ['operator'] })
    const p = await create()
    const res = await api.put(`/api/products/${p._id}`, { photos: [await photo(api)] })
    expect(res.status).toBe(200)
    expect(res.body.photos).toHaveLength(1)
  })

  it('refuses another business client’s file as a photo, changing nothing', async () => {
    const p = await create()
    const res = await asA.put(`/api/products/${p._id}`, { name: 'Changed', photos: [await photo(asB)] })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('photos')
    expect(await get(p._id)).toEqual(p)
  })

  it('answers 409 DUPLICATE_SKU when the new SKU is taken', async () => {
    const [p, q] = [await create(), await create()]
    const res = await asA.put(`/api/products/${p._id}`, { codes: { sku: q.codes.sku } })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('DUPLICATE_SKU')
    expect((await get(p._id)).codes.sku).toBe(p.codes.sku)
  })

  it('answers 400 for an empty name, 403 to finance and 404 to another tenant, changing nothing', async () => {
    const p = await create()
    const empty = await asA.put(`/api/products/${p._id}`, { name: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.details).toHaveProperty('name')
    const { api: finance } = await t.userWithToken({ roles: ['finance'] })
    expect((await finance.put(`/api/products/${p._id}`, { name: 'F' })).status).toBe(403)
    expect((await asB.put(`/api/products/${p._id}`, { name: 'B' })).status).toBe(404)
    expect(await get(p._id)).toEqual(p)
  })
})

describe('PUT /api/products (bulk)', () => {
  it('stops and allows order import for the caller’s products only', async () => {
    const [p, q, foreign] = [await create(), await create(), await create(asB)]
    const stop = await asA.put('/api/products', {
      ids: [p._id, q._id, foreign._id],
      query: { allowImportOrders: false },
    })
    expect(stop.status).toBe(200)
    expect(stop.body).toEqual({ modified: 2 })
    expect((await get(p._id)).allowImportOrders).toBe(false)
    expect((await get(foreign._id)).allowImportOrders).toBe(true)
    const allow = await asA.put('/api/products', { ids: [p._id], query: { allowImportOrders: true } })
    expect(allow.body).toEqual({ modified: 1 })
  })

  it('answers 400 without ids and 403 to finance', async () => {
    const res = await asA.put('/api/products', { ids: [], query: { allowImportOrders: false } })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('ids')
    const { api: finance } = await t.userWithToken({ roles: ['finance'] })
    const p = await create()
    expect(
      (await finance.put('/api/products', { ids: [p._id], query: { allowImportOrders: false } })).status,
    ).toBe(403)
    expect((await get(p._id)).allowImportOrders).toBe(true)
  })
})

describe('e-shop ids', () => {
  it('adds and deletes a product’s id in one of its business client’s e-shops', async () => {
    const p = await create()
    const shop = await eshopOf(a, 'https://www.zahradniraj.cz')
    const added = await asA.post(`/api/products/${p._id}/addeshopid`, { productId: '4711', eshop: shop.id })
    expect(added.status).toBe(201)
    expect(added.body.client_ids).toEqual([
      {
        _id: expect.any(String),
        id: '4711',
        eshop: { _id: shop.id, eshopUrl: 'https://www.zahradniraj.cz' },
      },
    ])
    const again = await asA.post(`/api/products/${p._id}/addeshopid`, { productId: '4711', eshop: shop.id })
    expect(again.status).toBe(409)
    const itemId = added.body.client_ids[0]._id
    const deleted = await asA.delete(`/api/products/${p._id}/deleteeshopid/${itemId}`)
    expect(deleted.status).toBe(200)
    expect(deleted.body.client_ids).toEqual([])
    expect((await asA.delete(`/api/products/${p._id}/deleteeshopid/${itemId}`)).status).toBe(404)
  })

  it('answers 400 without a product id, 404 for another business client’s e-shop or product, 403 to finance', async () => {
    const p = await create()
    const own = await eshopOf(a, 'https://a.example')
    const foreign = await eshopOf(b, 'https://b.example')
    const missing = await asA.post(`/api/products/${p._id}/addeshopid`, { productId: '', eshop: own.id })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('productId')
    expect(
      (await asA.post(`/api/products/${p._id}/addeshopid`, { productId: '1', eshop: foreign.id })).status,
    ).toBe(404)
    expect(
      (await asB.post(`/api/products/${p._id}/addeshopid`, { productId: '1', eshop: foreign.id })).status,
    ).toBe(404)
    const { api: finance } = await t.userWithToken({ roles: ['finance'] })
    expect(
      (await finance.post(`/api/products/${p._id}/addeshopid`, { productId: '1', eshop: own.id })).status,
    ).toBe(403)
    expect((await get(p._id)).client_ids).toEqual([])
  })
})

describe('GET /api/settings/eshops', () => {
  it('lists a client’s own e-shops and staff’s all, or one business client’s', async () => {
    const shop = await eshopOf(b, 'https://www.casaverde.ro')
    const own = await asB.get('/api/settings/eshops')
    expect(own.status).toBe(200)
    expect(own.body).toContainEqual(
      expect.objectContaining({
        _id: shop.id,
        eshopUrl: 'https://www.casaverde.ro',
        isActive: false,
        status: 'inactive',
        businessclient: b.client.id,
        businessclientName: b.client.name,
      }),
    )
    expect(own.body.every((e: Json) => e.businessclient === b.client.id)).toBe(true)
    expect((await asA.get('/api/settings/eshops')).body.some((e: Json) => e._id === shop.id)).toBe(false)
    const admin = await t.asAdmin()
    const filtered = await admin.get('/api/settings/eshops', { businessclient: b.client.id })
    expect(filtered.body.map((e: Json) => e.businessclient)).toEqual(filtered.body.map(() => b.client.id))
    expect((await admin.get('/api/settings/eshops', { businessclient: 'junk' })).status).toBe(400)
  })

  it('refuses operator and finance: the permission table gives eshops.read to admin and clients only', async () => {
    await eshopOf(b, 'https://www.casaverde.ro')
    for (const role of ['operator', 'finance'] as const) {
      const staff = (await t.userWithToken({ roles: [role] })).api
      const res = await staff.get('/api/settings/eshops')
      expect(res.status, role).toBe(403)
      expect(JSON.stringify(res.body), role).not.toContain('casaverde')
    }
  })
})
