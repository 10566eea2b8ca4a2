import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import {
  createShipment,
  photoOf,
  productFor,
  readXlsx,
  receiveLine,
  receivingDesk,
} from '../../../test/stock-fixtures.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi
let desk: Awaited<ReturnType<typeof receivingDesk>>

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Inbound s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Inbound SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
  desk = await receivingDesk(t)
})
afterAll(() => t?.close())

const shipmentCount = async () =>
  Number((await t.database.pool.query('select count(*) as n from inbound_shipments')).rows[0].n)
const movementCount = async () =>
  Number((await t.database.pool.query('select count(*) as n from stock_movements')).rows[0].n)

describe('POST /api/shipments/inbound/create', () => {
  it('registers a New shipment with its measures and photos', async () => {
    const photo = await photoOf(desk.api)
    const res = await desk.api.post('/api/shipments/inbound/create', {
      warehouse: desk.warehouse.id,
      businessclient: a.client.id,
      seller: desk.seller.id,
      transporter: 'Toptrans',
      nrOfPacks: 3,
      weightKg: 120.5,
      volume: 1.25,
      comment: 'Pallets wrapped',
      photos: [photo],
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'New',
      warehouse: { _id: desk.warehouse.id, name: desk.warehouse.name },
      businessclient: { _id: a.client.id, name: 'Alpha Inbound s.r.o.' },
      seller: { _id: desk.seller.id, name: desk.seller.name },
      transporter: 'Toptrans',
      nrOfPacks: 3,
      weightKg: 120.5,
      volume: 1.25,
      comment: 'Pallets wrapped',
      goodsreceived: [],
      goodsCount: 0,
    })
    expect(res.body.photos).toHaveLength(1)
    expect(res.body.photos[0].publicurl).toMatch(/^\/files\/inbound\//)
  })

  it('rejects negative measures and unknown references with the field in details, writing nothing', async () => {
    const before = await shipmentCount()
    const res = await desk.api.post('/api/shipments/inbound/create', {
      warehouse: desk.warehouse.id,
      businessclient: a.client.id,
      nrOfPacks: -1,
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('nrOfPacks')
    const unknown = await desk.api.post('/api/shipments/inbound/create', {
      warehouse: '0190a0a0-0000-7000-8000-000000000000',
      businessclient: a.client.id,
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toHaveProperty('warehouse')
    const badPhoto = await desk.api.post('/api/shipments/inbound/create', {
      warehouse: desk.warehouse.id,
      businessclient: a.client.id,
      photos: ['0190a0a0-0000-7000-8000-000000000000'],
    })
    expect(badPhoto.status).toBe(400)
    expect(badPhoto.body.details).toHaveProperty('photos')
    expect(await shipmentCount()).toBe(before)
  })

  it('is refused to a client (403)', async () => {
    const res = await asA.post('/api/shipments/inbound/create', {
      warehouse: desk.warehouse.id,
      businessclient: a.client.id,
    })
    expect(res.status).toBe(403)
  })
})

describe('receiving goods and processing', () => {
  let id: string

  beforeAll(async () => {
    await productFor(t, a.client.id, {
      name: 'Rain barrel 200 l',
      sku: 'BARREL-200',
      barcode: '8594000000200',
    })
    id = await createShipment(desk.api, {
      warehouse: desk.warehouse.id,
      businessclient: a.client.id,
      seller: desk.seller.id,
    })
  })

  it('records a line: card found or created, movement written, line shown with product and card', async () => {
    const body = await receiveLine(desk.api, id, {
      sku: 'BARREL-200',
      quantity: 12,
      quantity_damaged: 2,
      description: 'Green barrels',
      inhouse_position: 'B-03-01',
    })
    expect(body.goodsreceived).toHaveLength(1)
    expect(body.goodsreceived[0]).toMatchObject({
      sku: 'BARREL-200',
      product: {
        name: 'Rain barrel 200 l',
        codes: { sku: 'BARREL-200', barcode: '8594000000200' },
        photos: [],
      },
      inventoryCard: { description: 'Green barrels', inhouse_position: 'B-03-01' },
      stockMovement: { quantity: 12, quantity_damaged: 2 },
    })
    await receiveLine(desk.api, id, { sku: 'BARREL-200', quantity: 3 })
    const stock = await asA.post('/api/inventorycards/stocks', { filters: { sku: 'BARREL-200' } })
    expect(stock.body.list[0]).toMatchObject({ available: 15, total: 15 })
    const moves = await asA.get(`/api/warehouse/${desk.warehouse.id}/inventory/BARREL-200/movement/0/10`)
    expect(moves.body.list.map((m: Json) => [m.triggredBy, m.quantity, m.actionSource._id])).toEqual([
      ['Inboundshipment', 3, id],
      ['Inboundshipment', 12, id],
    ])
    // What the receiver wrote, or nothing: no English sentence the screens would show raw (issue 27).
    expect(moves.body.list.map((m: Json) => m.description)).toEqual(['', 'Green barrels'])
  })

  it('puts goods of an unknown SKU on a card without a product (unpaired)', async () => {
    const body = await receiveLine(desk.api, id, { sku: 'UNKNOWN-9', quantity: 1 })
    const line = body.goodsreceived.find((g: Json) => g.sku === 'UNKNOWN-9')
    expect(line.product).toBeNull()
    expect((await asA.get('/api/inventorycards/unpaired')).body.list.map((c: Json) => c.sku)).toEqual([
      'UNKNOWN-9',
    ])
  })

  it('rejects a bad line with the fields in details and writes no movement', async () => {
    const before = await movementCount()
    const res = await desk.api.post(`/api/shipments/inbound/${id}/goodsreceived`, { sku: '', quantity: -1 })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('sku')
    expect(res.body.details).toHaveProperty('quantity')
    expect(await movementCount()).toBe(before)
  })

  it('refuses receiving, photos and processing to a client (403)', async () => {
    expect(
      (await asA.post(`/api/shipments/inbound/${id}/goodsreceived`, { sku: 'X', quantity: 1 })).status,
    ).toBe(403)
    expect((await asA.post(`/api/shipments/inbound/${id}/process`)).status).toBe(403)
    expect((await asA.post(`/api/shipments/inbound/${id}/photos`, { photos: [] })).status).toBe(403)
  })

  it('attaches photos and rejects an unregistered file', async () => {
    const photo = await photoOf(desk.api)
    const res = await desk.api.post(`/api/shipments/inbound/${id}/photos`, { photos: [photo] })
    expect(res.status).toBe(200)
    expect(res.body.photos.map((p: Json) => p._id)).toEqual([photo])
    const bad = await desk.api.post(`/api/shipments/inbound/${id}/photos`, {
      photos: ['0190a0a0-0000-7000-8000-000000000000'],
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('photos')
    const empty = await desk.api.post(`/api/shipments/inbound/${id}/photos`, { photos: [] })
    expect(empty.status).toBe(400)
  })

  it('processes the shipment; after that it takes no more lines and cannot be processed again', async () => {
    const res = await desk.api.post(`/api/shipments/inbound/${id}/process`)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('Processed')
    expect(res.body.processedAt).not.toBeNull()
    const before = await movementCount()
    const late = await desk.api.post(`/api/shipments/inbound/${id}/goodsreceived`, {
      sku: 'BARREL-200',
      quantity: 1,
    })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('INVALID_TRANSITION')
    expect(await movementCount()).toBe(before)
    expect((await desk.api.post(`/api/shipments/inbound/${id}/process`)).status).toBe(409)
  })

  it('answers 404 for an unknown shipment', async () => {
    const unknown = '0190a0a0-0000-7000-8000-000000000000'
    expect(
      (await desk.api.post(`/api/shipments/inbound/${unknown}/goodsreceived`, { sku: 'A', quantity: 1 }))
        .status,
    ).toBe(404)
    expect((await desk.api.post(`/api/shipments/inbound/${unknown}/process`)).status).toBe(404)
  })
})

describe('POST /api/shipments/inbound and GET /api/shipments/inbound/:id', () => {
  let bShipment: string

  beforeAll(async () => {
    bShipment = await createShipment(desk.api, { warehouse: desk.warehouse.id, businessclient: b.client.id })
  })

  it('lists newest first with filters and paging; staff see every client', async () => {
    const all = await desk.api.post('/api/shipments/inbound', { filters: {} })
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(3)
    expect(all.body.list[0]._id).toBe(bShipment)
    expect(
      (await desk.api.post('/api/shipments/inbound', { filters: { status: 'Processed' } })).body.total,
    ).toBe(1)
    expect((await desk.api.post('/api/shipments/inbound', { filters: { status: 'New' } })).body.total).toBe(2)
    expect(
      (await desk.api.post('/api/shipments/inbound', { filters: { businessclient: b.client.id } })).body
        .total,
    ).toBe(1)
    expect(
      (await desk.api.post('/api/shipments/inbound', { filters: { warehouse: desk.warehouse.id } })).body
        .total,
    ).toBe(3)
    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect(
      (await desk.api.post('/api/shipments/inbound', { filters: { dateFrom: future } })).body.total,
    ).toBe(0)
    expect((await desk.api.post('/api/shipments/inbound', { filters: { dateTo: future } })).body.total).toBe(
      3,
    )
    const page = await desk.api.post('/api/shipments/inbound', {
      filters: {},
      itemsPerPage: 2,
      currentPage: 2,
    })
    expect(page.body.list).toHaveLength(1)
    expect((await desk.api.post('/api/shipments/inbound', { itemsPerPage: 0 })).body.list).toHaveLength(3)
  })

  it('shows a client only its own shipments', async () => {
    const res = await asB.post('/api/shipments/inbound', { filters: { businessclient: a.client.id } })
    expect(res.body).toEqual({ list: [], total: 0 })
    expect((await asB.post('/api/shipments/inbound', {})).body.list.map((s: Json) => s._id)).toEqual([
      bShipment,
    ])
  })

  it('rejects a bad filter with 400', async () => {
    const res = await desk.api.post('/api/shipments/inbound', { filters: { status: 'Lost' } })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['filters.status'])
  })

  it('answers the details to its client and 404 to another client', async () => {
    expect((await asB.get(`/api/shipments/inbound/${bShipment}`)).status).toBe(200)
    const own = await asA.post('/api/shipments/inbound', {})
    const aId = own.body.list[0]._id
    const details = await asA.get(`/api/shipments/inbound/${aId}`)
    expect(details.status).toBe(200)
    expect(details.body.businessclient._id).toBe(a.client.id)
    expect((await asB.get(`/api/shipments/inbound/${aId}`)).status).toBe(404)
    expect((await asB.get('/api/shipments/inbound/not-an-id')).status).toBe(400)
  })
})

describe('POST /api/shipments/inbound/export honours every filter it accepts (InboundFiltersSchema)', () => {
  /** x's processed (w1, today) and old (w2, January 2025) shipments; y's other (w1). */
  const comment = { processed: '', old: '', other: '' }
  let xToken: string
  let staffToken: string
  let y: Tenant
  let w2: string
  beforeAll(async () => {
    for (const key of Object.keys(comment) as (keyof typeof comment)[]) comment[key] = t.factory.unique(key)
    const x = await t.factory.tenant()
    y = await t.factory.tenant()
    xToken = await t.tokenFor(x.user)
    staffToken = await t.tokenFor(desk.user)
    w2 = (await t.factory.warehouse()).id
    const w1 = desk.warehouse.id
    const shipment = (warehouse: string, businessclient: string, text: string) =>
      createShipment(desk.api, { warehouse, businessclient, comment: text } as never)
    const processed = await shipment(w1, x.client.id, comment.processed)
    expect((await desk.api.post(`/api/shipments/inbound/${processed}/process`)).status).toBe(200)
    const old = await shipment(w2, x.client.id, comment.old)
    await shipment(w1, y.client.id, comment.other)
    await t.database.pool.query(
      `update inbound_shipments set created_at = '2025-01-15T10:00:00Z' where id = $1`,
      [old],
    )
  })
  const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`
  type Key = keyof typeof comment
  const cases: { name: string; staff?: true; filters: () => Json; keys: Key[] }[] = [
    { name: 'status New', filters: () => ({ status: 'New' }), keys: ['old'] },
    { name: 'status Processed', filters: () => ({ status: 'Processed' }), keys: ['processed'] },
    { name: 'warehouse', filters: () => ({ warehouse: w2 }), keys: ['old'] },
    {
      name: 'dateFrom/dateTo',
      filters: () => ({ dateFrom: '2025-01-01T00:00:00.000Z', dateTo: '2025-01-31T23:59:59.999Z' }),
      keys: ['old'],
    },
    { name: 'dateFrom', filters: () => ({ dateFrom: today }), keys: ['processed'] },
    {
      name: 'businessclient',
      staff: true,
      filters: () => ({ businessclient: y.client.id }),
      keys: ['other'],
    },
    {
      name: 'businessclient and warehouse (none)',
      staff: true,
      filters: () => ({ businessclient: y.client.id, warehouse: w2 }),
      keys: [],
    },
  ]
  it.each(cases)('$name', async ({ staff, filters, keys }) => {
    const file = await readXlsx(t, staff ? staffToken : xToken, '/api/shipments/inbound/export', {
      filters: filters(),
    })
    expect(file.status).toBe(200)
    const seeded = new Set(Object.values(comment))
    // Staff see other tests' shipments too: only this test's are compared.
    const found = file.rows.slice(1).map((r) => r[11])
    expect(found.filter((c) => seeded.has(c as string))).toEqual(keys.map((k) => comment[k]))
    if (!staff) expect(found).toHaveLength(keys.length)
  })
})
