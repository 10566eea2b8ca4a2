import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createShipment, productFor, receiveLine, receivingDesk } from '../../../test/stock-fixtures.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let op: Awaited<ReturnType<typeof receivingDesk>>
let productA: Awaited<ReturnType<typeof productFor>>
let cardA: Json
let before: Date

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Stock s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Stock SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  op = await receivingDesk(t)
  productA = await productFor(t, a.client.id, { name: 'Garden hose 25 m', sku: 'HOSE-25' })
  await productFor(t, b.client.id, { name: 'Beta lamp', sku: 'LAMP-1' })
  const shipA = await createShipment(op.api, { warehouse: op.warehouse.id, businessclient: a.client.id })
  await receiveLine(op.api, shipA, { sku: 'HOSE-25', quantity: 10, inhouse_position: 'A-01-02' })
  before = new Date()
  await new Promise((r) => setTimeout(r, 20))
  await receiveLine(op.api, shipA, { sku: 'HOSE-25', quantity: 5, quantity_damaged: 1 })
  const shipB = await createShipment(op.api, { warehouse: op.warehouse.id, businessclient: b.client.id })
  await receiveLine(op.api, shipB, { sku: 'LAMP-1', quantity: 3 })
  const list = await op.api.post('/api/inventorycards/stocks', { filters: { sku: 'HOSE-25' } })
  cardA = list.body.list[0]
})
afterAll(() => t?.close())

const stocks = (api: TestApi, body: Json = {}) => api.post('/api/inventorycards/stocks', body)

describe('GET /api/warehouse and GET /api/company/', () => {
  it('lists warehouses, by search term and by id', async () => {
    const all = await asA.get('/api/warehouse')
    expect(all.status).toBe(200)
    expect(all.body).toContainEqual({ _id: op.warehouse.id, name: op.warehouse.name, country: 'Czech' })
    const one = await asA.get('/api/warehouse', { warehouse: op.warehouse.id })
    expect(one.body).toHaveLength(1)
    const none = await asA.get('/api/warehouse', { searchTerm: 'no such warehouse' })
    expect(none.body).toEqual([])
  })

  it('rejects a warehouse filter that is not an id', async () => {
    const res = await asA.get('/api/warehouse', { warehouse: 'x' })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['query.warehouse'])
  })

  it('lists supplier companies', async () => {
    const res = await asA.get('/api/company/')
    expect(res.status).toBe(200)
    expect(res.body).toContainEqual({ _id: op.seller.id, name: op.seller.name, country: 'Czech' })
  })
})

describe('POST /api/inventorycards/stocks', () => {
  it('shows staff every client’s stock with totals', async () => {
    const res = await stocks(op.api, { filters: { warehouse: [op.warehouse.id] } })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(2)
    expect(res.body.totals).toEqual({ available: 18, blocked: 0, total: 18 })
    const hose = res.body.list.find((r: Json) => r.sku === 'HOSE-25')
    expect(hose).toMatchObject({
      product_details: { _id: productA.id, name: 'Garden hose 25 m', codes: { sku: 'HOSE-25' } },
      businessclient: { _id: a.client.id, name: 'Alpha Stock s.r.o.' },
      warehouse: { _id: op.warehouse.id, name: op.warehouse.name },
      available: 15,
      blocked: 0,
      total: 15,
    })
  })

  it('shows a client only its own cards, whatever it filters on', async () => {
    const res = await stocks(asA, { filters: { businessclient: [b.client.id] } })
    expect(res.body).toEqual({ list: [], total: 0, totals: { available: 0, blocked: 0, total: 0 } })
    const own = await stocks(asA)
    expect(own.body.list.map((r: Json) => r.sku)).toEqual(['HOSE-25'])
  })

  it('filters by SKU text, product and business client; sorts by total; pages', async () => {
    expect((await stocks(op.api, { filters: { sku: 'hose' } })).body.total).toBe(1)
    expect((await stocks(op.api, { filters: { product: [productA.id] } })).body.list[0].sku).toBe('HOSE-25')
    expect((await stocks(op.api, { filters: { businessclient: [b.client.id] } })).body.list[0].sku).toBe(
      'LAMP-1',
    )
    const asc = await stocks(op.api, { filters: { warehouse: [op.warehouse.id] }, sortTotal: 1 })
    expect(asc.body.list.map((r: Json) => r.total)).toEqual([3, 15])
    const desc = await stocks(op.api, { filters: { warehouse: [op.warehouse.id] }, sortTotal: -1 })
    expect(desc.body.list.map((r: Json) => r.total)).toEqual([15, 3])
    const page2 = await stocks(op.api, {
      filters: { warehouse: [op.warehouse.id] },
      sortTotal: -1,
      itemsPerPage: 1,
      currentPage: 2,
    })
    expect(page2.body.list.map((r: Json) => r.total)).toEqual([3])
    expect(page2.body.total).toBe(2)
    const all = await stocks(op.api, { filters: { warehouse: [op.warehouse.id] }, itemsPerPage: 0 })
    expect(all.body.list).toHaveLength(2)
  })

  it('rejects a bad page size and a bad id with the field in details', async () => {
    const res = await stocks(op.api, { itemsPerPage: -1 })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('itemsPerPage')
    const bad = await stocks(op.api, { filters: { warehouse: ['nope'] } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.details)[0]).toMatch(/^filters\.warehouse/)
  })
})

describe('POST /api/inventorycards/stocks_atdate', () => {
  it('shows the balance at a past date: only the movements made before it count', async () => {
    const res = await op.api.post('/api/inventorycards/stocks_atdate', {
      warehouse: op.warehouse.id,
      products: [productA.id],
      atDate: before.toISOString(),
    })
    expect(res.status).toBe(200)
    expect(res.body.list).toHaveLength(1)
    expect(res.body.list[0]).toMatchObject({ sku: 'HOSE-25', available: 10, total: 10 })
    const now = await op.api.post('/api/inventorycards/stocks_atdate', {
      warehouse: [op.warehouse.id],
      products: [productA.id],
      atDate: new Date().toISOString(),
    })
    expect(now.body.list[0]).toMatchObject({ available: 15, total: 15 })
    const earlier = await op.api.post('/api/inventorycards/stocks_atdate', {
      warehouse: op.warehouse.id,
      products: [productA.id],
      atDate: '2001-01-01',
    })
    expect(earlier.body.list[0]).toMatchObject({ total: 0 })
  })

  it('keeps a client to its own cards', async () => {
    const res = await asA.post('/api/inventorycards/stocks_atdate', {
      warehouse: op.warehouse.id,
      atDate: new Date(),
    })
    expect(res.body.list.map((r: Json) => r.sku)).toEqual(['HOSE-25'])
  })

  it('requires a warehouse and a valid date', async () => {
    const res = await op.api.post('/api/inventorycards/stocks_atdate', { atDate: 'yesterday-ish' })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('warehouse')
    expect(res.body.details).toHaveProperty('atDate')
  })
})

describe('inventory card and its movements', () => {
  const cardUrl = () => `/api/warehouse/${op.warehouse.id}/inventory/HOSE-25`

  it('answers the card of a SKU in a warehouse', async () => {
    const res = await asA.post(cardUrl())
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject({ sku: 'HOSE-25', available: 15, inhouse_position: 'A-01-02' })
  })

  it('answers 404 to a foreign tenant and for an unknown SKU', async () => {
    expect((await t.as(await t.tokenFor(b.user)).post(cardUrl())).status).toBe(404)
    expect((await op.api.post(`/api/warehouse/${op.warehouse.id}/inventory/NOPE`)).status).toBe(404)
  })

  it('lists movements newest first with balances after each, paged by skip and limit', async () => {
    const res = await asA.get(`${cardUrl()}/movement/0/10`)
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(2)
    expect(res.body.list[0]).toMatchObject({
      triggredBy: 'Inboundshipment',
      quantity: 5,
      quantity_damaged: 1,
      quantity_available: 15,
      total_after: 15,
      warehouse: op.warehouse.name,
    })
    expect(res.body.list[0].actionSource._id).toMatch(/-/)
    expect(res.body.list[0].actionSource.clientOrderNr).toHaveLength(9)
    const second = await asA.get(`${cardUrl()}/movement/1/1`)
    expect(second.body.list.map((m: Json) => m.quantity)).toEqual([10])
  })

  it('rejects a limit of 0 and answers 404 to a foreign tenant', async () => {
    const bad = await asA.get(`${cardUrl()}/movement/0/0`)
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty(['params.limit'])
    expect((await t.as(await t.tokenFor(b.user)).get(`${cardUrl()}/movement/0/10`)).status).toBe(404)
  })
})

describe('POST /api/products/:id/movements', () => {
  it('lists a product’s movements with date range and description filters', async () => {
    const res = await asA.post(`/api/products/${productA.id}/movements`, { currentPage: 1, itemsPerPage: 10 })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(2)
    const older = await asA.post(`/api/products/${productA.id}/movements`, { dateTo: before.toISOString() })
    expect(older.body.list.map((m: Json) => m.quantity)).toEqual([10])
    const newer = await asA.post(`/api/products/${productA.id}/movements`, { dateFrom: before.toISOString() })
    expect(newer.body.list.map((m: Json) => m.quantity)).toEqual([5])
    const none = await asA.post(`/api/products/${productA.id}/movements`, { description: 'no such text' })
    expect(none.body.total).toBe(0)
  })

  it('answers 404 for a foreign product and 400 for a bad date', async () => {
    expect(
      (await t.as(await t.tokenFor(b.user)).post(`/api/products/${productA.id}/movements`, {})).status,
    ).toBe(404)
    const bad = await asA.post(`/api/products/${productA.id}/movements`, { dateFrom: 'not a date' })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('dateFrom')
  })
})

describe('POST /api/inventorycards/:id/adjust', () => {
  it('writes an Adjustment movement with the reason and moves the balance', async () => {
    const res = await op.api.post(`/api/inventorycards/${cardA._id}/adjust`, {
      quantity: -2,
      reason: 'Stock count',
    })
    expect(res.status).toBe(201)
    expect(res.body.card).toMatchObject({ available: 13, total: 13 })
    expect(res.body.movement).toMatchObject({
      triggredBy: 'Adjustment',
      description: 'Stock count',
      quantity: -2,
      quantity_available: 13,
      actionSource: null,
    })
    await op.api.post(`/api/inventorycards/${cardA._id}/adjust`, { quantity: 2, reason: 'Found on shelf' })
  })

  it('never takes available below zero, and writes nothing then', async () => {
    const res = await op.api.post(`/api/inventorycards/${cardA._id}/adjust`, {
      quantity: -1000,
      reason: 'Oops',
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('quantity')
    const after = await op.api.get(`/api/warehouse/${op.warehouse.id}/inventory/HOSE-25/movement/0/50`)
    expect(after.body.total).toBe(4)
    expect(after.body.list[0].quantity_available).toBe(15)
  })

  it('rejects a zero quantity and a missing reason', async () => {
    const res = await op.api.post(`/api/inventorycards/${cardA._id}/adjust`, { quantity: 0, reason: '' })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('quantity')
    expect(res.body.details).toHaveProperty('reason')
  })

  it('is refused to a client (403) and answers 404 for an unknown card', async () => {
    const res = await asA.post(`/api/inventorycards/${cardA._id}/adjust`, { quantity: 1, reason: 'Mine' })
    expect(res.status).toBe(403)
    const unknown = await op.api.post('/api/inventorycards/0190a0a0-0000-7000-8000-000000000000/adjust', {
      quantity: 1,
      reason: 'x',
    })
    expect(unknown.status).toBe(404)
  })
})

describe('unpaired goods', () => {
  let unpaired: Json

  beforeAll(async () => {
    const ship = await createShipment(op.api, { warehouse: op.warehouse.id, businessclient: a.client.id })
    await receiveLine(op.api, ship, { sku: 'MYSTERY-1', quantity: 4, description: 'Blue boxes' })
    const res = await op.api.get('/api/inventorycards/unpaired', { businessclient: a.client.id })
    unpaired = res.body.list.find((c: Json) => c.sku === 'MYSTERY-1')
  })

  it('lists goods whose SKU has no product, for their client only', async () => {
    expect(unpaired).toMatchObject({ product_details: null, available: 4, description: 'Blue boxes' })
    expect((await asA.get('/api/inventorycards/unpaired')).body.total).toBe(1)
    expect((await t.as(await t.tokenFor(b.user)).get('/api/inventorycards/unpaired')).body.total).toBe(0)
  })

  it('refuses a product of another client and a foreign card', async () => {
    const other = await productFor(t, b.client.id)
    const res = await op.api.post(`/api/inventorycards/${unpaired._id}/pair`, { product: other.id })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('product')
    const asB = t.as(await t.tokenFor(b.user))
    expect((await asB.post(`/api/inventorycards/${unpaired._id}/pair`, { product: other.id })).status).toBe(
      404,
    )
    expect((await op.api.post(`/api/inventorycards/${unpaired._id}/pair`, { product: 'x' })).status).toBe(400)
  })

  it('pairs the goods with a product of the same client; its movements follow', async () => {
    const product = await productFor(t, a.client.id, { name: 'Blue box', sku: 'BOX-BLUE' })
    const res = await asA.post(`/api/inventorycards/${unpaired._id}/pair`, { product: product.id })
    expect(res.status).toBe(200)
    expect(res.body.product_details).toMatchObject({ _id: product.id, name: 'Blue box' })
    expect((await asA.get('/api/inventorycards/unpaired')).body.total).toBe(0)
    const moves = await asA.post(`/api/products/${product.id}/movements`, {})
    expect(moves.body.list.map((m: Json) => m.quantity)).toEqual([4])
    const again = await asA.post(`/api/inventorycards/${unpaired._id}/pair`, { product: product.id })
    expect(again.status).toBe(400)
  })
})
