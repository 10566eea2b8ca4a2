import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { productGroups } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi
let rake: Json
let can: Json
let foreign: Json

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Garden s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Home SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
  rake = (await asA.post('/api/products', { name: 'Rake', codes: { sku: 'G-RAKE', barcode: '1' } })).body
  can = (await asA.post('/api/products', { name: 'Can', codes: { sku: 'G-CAN', barcode: '2' } })).body
  foreign = (await asB.post('/api/products', { name: 'Pillow', codes: { sku: 'G-PIL' } })).body
})
afterAll(() => t?.close())

const groupCount = (businessclientId: string) =>
  t.db.$count(productGroups, eq(productGroups.businessclientId, businessclientId))
const memberIds = (group: Json) => group.products.map((p: Json) => p._id)
async function createGroup(name = 'Watering', products: string[] = [rake._id]) {
  const res = await asA.post('/api/products/groups/', { name, products })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}
const finance = async () => (await t.userWithToken({ roles: ['finance'] })).api
const snapshot = async (id: string) => (await (await t.asAdmin()).get(`/api/products/groups/${id}`)).body

describe('POST /api/products/groups/', () => {
  it('creates a group with products of the caller’s business client', async () => {
    const group = await createGroup('Spring sale', [rake._id, can._id, rake._id])
    expect(group).toMatchObject({
      name: 'Spring sale',
      businessclient: { _id: a.client.id, name: 'Alpha Garden s.r.o.' },
    })
    expect(memberIds(group)).toEqual([can._id, rake._id])
    expect(group.products[0]).toEqual({ _id: can._id, name: 'Can', codes: { sku: 'G-CAN', barcode: '2' } })
  })

  it('lets staff create for the first product’s business client', async () => {
    const { api } = await t.userWithToken({ roles: ['operator'] })
    const res = await api.post('/api/products/groups/', { name: 'Ops', products: [foreign._id] })
    expect(res.status).toBe(201)
    expect(res.body.businessclient._id).toBe(b.client.id)
    const none = await api.post('/api/products/groups/', { name: 'Ops' })
    expect(none.status).toBe(400)
    expect(none.body.details).toHaveProperty('businessclient')
  })

  it('answers 400 for a missing name or a foreign product, 403 to finance, and writes nothing', async () => {
    const before = await groupCount(a.client.id)
    const noName = await asA.post('/api/products/groups/', { name: ' ', products: [] })
    expect(noName.status).toBe(400)
    expect(noName.body.details).toHaveProperty('name')
    const foreignProduct = await asA.post('/api/products/groups/', { name: 'X', products: [foreign._id] })
    expect(foreignProduct.status).toBe(400)
    expect(foreignProduct.body.details).toHaveProperty('products')
    expect(
      (await (await finance()).post('/api/products/groups/', { name: 'F', products: [rake._id] })).status,
    ).toBe(403)
    expect(await groupCount(a.client.id)).toBe(before)
  })
})

describe('GET /api/products/groups', () => {
  it('lists the caller’s groups by name with counts, search above 2 characters and paging', async () => {
    const own = await t.factory.tenant()
    const api = t.as(await t.tokenFor(own.user))
    const p = (await api.post('/api/products', { name: 'P', codes: { sku: 'P' } })).body
    for (const name of ['Garden tools', 'Gifts', 'Kitchen']) {
      await api.post('/api/products/groups/', { name, products: name === 'Gifts' ? [p._id] : [] })
    }
    const all = await api.get('/api/products/groups', { itemsPerPage: '2' })
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(3)
    expect(all.body.list.map((g: Json) => [g.name, g.productsCount])).toEqual([
      ['Garden tools', 0],
      ['Gifts', 1],
    ])
    expect((await api.get('/api/products/groups', { searchTerm: 'kitch' })).body.total).toBe(1)
    expect((await api.get('/api/products/groups', { searchTerm: 'gi' })).body.total).toBe(3)
    expect((await api.get('/api/products/groups', { itemsPerPage: '0' })).body.list).toHaveLength(3)
    expect((await (await finance()).get('/api/products/groups')).status).toBe(200)
  })
})

describe('a product group by id', () => {
  it('reads, renames, adds and removes products, and deletes', async () => {
    const group = await createGroup()
    expect((await asA.get(`/api/products/groups/${group._id}`)).body).toEqual(group)
    const renamed = await asA.put(`/api/products/groups/${group._id}`, { name: 'Renamed' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Renamed')
    const added = await asA.post(`/api/products/groups/${group._id}/products`, {
      products: [can._id, rake._id],
    })
    expect(added.status).toBe(200)
    expect(memberIds(added.body)).toEqual([can._id, rake._id])
    const removed = await asA.delete(`/api/products/groups/${group._id}/products/${rake._id}`)
    expect(removed.status).toBe(200)
    expect(memberIds(removed.body)).toEqual([can._id])
    expect((await asA.delete(`/api/products/groups/${group._id}/products/${rake._id}`)).status).toBe(404)
    const deleted = await asA.delete(`/api/products/groups/${group._id}`)
    expect(deleted.body).toEqual({ _id: group._id })
    expect((await asA.get(`/api/products/groups/${group._id}`)).status).toBe(404)
    // The products stay.
    expect((await asA.get(`/api/products/${rake._id}`)).status).toBe(200)
  })

  it('answers 400 for a bad body and keeps the group unchanged', async () => {
    const group = await createGroup()
    const before = await snapshot(group._id)
    const rename = await asA.put(`/api/products/groups/${group._id}`, { name: '' })
    expect(rename.status).toBe(400)
    expect(rename.body.details).toHaveProperty('name')
    const add = await asA.post(`/api/products/groups/${group._id}/products`, { products: [] })
    expect(add.status).toBe(400)
    expect(add.body.details).toHaveProperty('products')
    const addForeign = await asA.post(`/api/products/groups/${group._id}/products`, {
      products: [foreign._id],
    })
    expect(addForeign.status).toBe(400)
    expect(await snapshot(group._id)).toEqual(before)
  })

  it('answers 403 to finance and 404 to another tenant on every call, changing nothing', async () => {
    const group = await createGroup()
    const before = await snapshot(group._id)
    const fin = await finance()
    expect((await fin.get(`/api/products/groups/${group._id}`)).status).toBe(200)
    expect((await fin.put(`/api/products/groups/${group._id}`, { name: 'F' })).status).toBe(403)
    expect((await fin.delete(`/api/products/groups/${group._id}`)).status).toBe(403)
    expect(
      (await fin.post(`/api/products/groups/${group._id}/products`, { products: [can._id] })).status,
    ).toBe(403)
    expect((await fin.delete(`/api/products/groups/${group._id}/products/${rake._id}`)).status).toBe(403)
    expect((await asB.get(`/api/products/groups/${group._id}`)).status).toBe(404)
    expect((await asB.put(`/api/products/groups/${group._id}`, { name: 'B' })).status).toBe(404)
    expect((await asB.delete(`/api/products/groups/${group._id}`)).status).toBe(404)
    expect(
      (await asB.post(`/api/products/groups/${group._id}/products`, { products: [foreign._id] })).status,
    ).toBe(404)
    expect((await asB.delete(`/api/products/groups/${group._id}/products/${rake._id}`)).status).toBe(404)
    expect(await snapshot(group._id)).toEqual(before)
  })
})
