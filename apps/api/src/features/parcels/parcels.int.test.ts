import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder } from '../../../test/order-fixtures.ts'
import { photoOf, productFor } from '../../../test/stock-fixtures.ts'
import { inventoryCards, orders } from '../../db/schema/index.ts'
import { parcelForOrder } from './index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi
let op: TestApi
let finance: TestApi
let warehouse: { id: string; name: string }

/** A shipped order of `tenant` with one line per product; answers the order and its products. */
async function shippedOrder(api: TestApi, tenant: Tenant, lines = 2) {
  const products = []
  for (let i = 0; i < lines; i++) {
    const sku = t.factory.unique('RET')
    products.push(await productFor(t, tenant.client.id, { sku, name: `Returned ${sku}` }))
  }
  const res = await createOrder(
    api,
    products.map((p) => ({ product: p.id, quantity: 3, price: 10 })),
    { clientOrderNr: t.factory.unique('ORD') },
  )
  if (res.status !== 201) throw new Error(`order → ${res.status} ${JSON.stringify(res.body)}`)
  const trackingId = t.factory.unique('TRK').toUpperCase()
  await t.db.update(orders).set({ trackingId, status: 'Shipping' }).where(eq(orders.id, res.body._id))
  return { id: res.body._id as string, nr: res.body.clientOrderNr as string, trackingId, products }
}

const parcelCount = async () =>
  Number((await t.database.pool.query('select count(*) as n from inbound_parcels')).rows[0].n)

async function card(clientId: string, sku: string) {
  const [row] = await t.db
    .select()
    .from(inventoryCards)
    .where(
      and(
        eq(inventoryCards.businessclientId, clientId),
        eq(inventoryCards.sku, sku),
        eq(inventoryCards.warehouseId, warehouse.id),
      ),
    )
  return row
}

async function returnMovements(parcelId: string) {
  const { rows } = await t.database.pool.query(
    `select m.triggred_by, m.quantity, m.quantity_damaged, m.description, c.sku from stock_movements m
     join inventory_cards c on c.id = m.inventory_card_id where m.action_source_id = $1 order by c.sku`,
    [parcelId],
  )
  return rows
}

async function register(order: Awaited<ReturnType<typeof shippedOrder>>, extra: Json = {}) {
  const res = await op.post('/api/parcels/inbound', {
    trackingId: order.trackingId,
    warehouse: warehouse.id,
    condition: 'mixed',
    items: [
      { product: order.products[0]!.id, quantity: 2, condition: 'available' },
      { product: order.products[1]!.id, quantity: 1, condition: 'damaged' },
    ],
    ...extra,
  })
  if (res.status !== 201) throw new Error(`register → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Returns s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Returns SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
  op = (await t.userWithToken({ roles: ['operator'], username: t.factory.unique('op') })).api
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  warehouse = await t.factory.warehouse()
})
afterAll(() => t?.close())

describe('POST /api/parcels/inbound', () => {
  it('registers a New parcel found by the tracking id, with items and photos', async () => {
    const order = await shippedOrder(asA, a)
    const photo = await photoOf(op)
    const res = await op.post('/api/parcels/inbound', {
      trackingId: order.trackingId,
      warehouse: warehouse.id,
      condition: 'mixed',
      note: 'Box dented',
      photos: [photo],
      items: [
        { product: order.products[0]!.id, quantity: 2 },
        { product: order.products[1]!.id, quantity: 1, condition: 'damaged' },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      status: 'New',
      businessclient: { _id: a.client.id, name: 'Alpha Returns s.r.o.' },
      order: { _id: order.id, clientOrderNr: order.nr },
      trackingId: order.trackingId,
      warehouse: { _id: warehouse.id, name: warehouse.name },
      condition: 'mixed',
      note: 'Box dented',
      units: 3,
      processedAt: null,
      items: [
        {
          product: { _id: order.products[0]!.id, sku: order.products[0]!.sku },
          quantity: 2,
          condition: 'available',
        },
        { product: { _id: order.products[1]!.id }, quantity: 1, condition: 'damaged', stockMovement: null },
      ],
    })
    expect(res.body.parcelNr).toMatch(/^RP\d{6}$/)
    expect(res.body.photos).toHaveLength(1)
    expect(res.body.photos[0].publicurl).toMatch(/^\/files\//)
    expect(res.body.createdBy).toBeTruthy()
  })

  it("takes an order by id and copies the order's tracking id", async () => {
    const order = await shippedOrder(asA, a)
    const parcel = await register(order, { trackingId: '', order: order.id })
    expect(parcel.trackingId).toBe(order.trackingId)
    expect(parcel.order._id).toBe(order.id)
  })

  it('answers 400 naming the field, and writes nothing', async () => {
    const order = await shippedOrder(asA, a)
    const foreign = await shippedOrder(asB, b)
    const before = await parcelCount()
    const base = {
      trackingId: order.trackingId,
      warehouse: warehouse.id,
      items: [{ product: order.products[0]!.id, quantity: 1 }],
    }
    const cases: [Json, string][] = [
      [{ ...base, trackingId: '' }, 'trackingId'],
      [{ ...base, trackingId: 'NO-SUCH-TRACKING' }, 'trackingId'],
      [{ ...base, order: '0190a0a0-0000-7000-8000-000000000000' }, 'order'],
      [{ ...base, warehouse: '0190a0a0-0000-7000-8000-000000000000' }, 'warehouse'],
      [{ ...base, warehouse: 'nope' }, 'warehouse'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, items: [{ product: order.products[0]!.id, quantity: 0 }] }, 'items.0.quantity'],
      [{ ...base, items: [{ product: order.products[0]!.id, quantity: 1.5 }] }, 'items.0.quantity'],
      [
        { ...base, items: [{ product: order.products[0]!.id, quantity: 1, condition: 'lost' }] },
        'items.0.condition',
      ],
      [{ ...base, items: [{ product: foreign.products[0]!.id, quantity: 1 }] }, 'items.0.product'],
      [{ ...base, condition: 'wet' }, 'condition'],
      [{ ...base, photos: ['0190a0a0-0000-7000-8000-000000000000'] }, 'photos'],
    ]
    for (const [payload, field] of cases) {
      const res = await op.post('/api/parcels/inbound', payload)
      expect(res.status, field).toBe(400)
      expect(res.body.details, JSON.stringify(payload)).toHaveProperty([field])
    }
    expect(await parcelCount()).toBe(before)
  })

  it('registers once for a retried call with the same Idempotency-Key', async () => {
    const order = await shippedOrder(asA, a)
    const before = await parcelCount()
    const request = {
      method: 'POST' as const,
      url: '/api/parcels/inbound',
      headers: { 'idempotency-key': `parcel-${order.id}` },
      payload: {
        trackingId: order.trackingId,
        warehouse: warehouse.id,
        items: [{ product: order.products[0]!.id, quantity: 1 }],
      },
    }
    const first = await op.request(request)
    const retry = await op.request(request)
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.body._id).toBe(first.body._id)
    expect(await parcelCount()).toBe(before + 1)
  })

  it('is refused to clients (403), also for their own order', async () => {
    const order = await shippedOrder(asA, a)
    const res = await asA.post('/api/parcels/inbound', {
      trackingId: order.trackingId,
      warehouse: warehouse.id,
      items: [{ product: order.products[0]!.id, quantity: 1 }],
    })
    expect(res.status).toBe(403)
  })
})

describe('GET /api/parcels/inbound and /:id', () => {
  let mine: Json
  let theirs: Json
  let orderA: Awaited<ReturnType<typeof shippedOrder>>
  beforeAll(async () => {
    orderA = await shippedOrder(asA, a)
    mine = await register(orderA)
    theirs = await register(await shippedOrder(asB, b))
  })

  it('lists newest first with the total; a client sees its own parcels only', async () => {
    const all = await op.get('/api/parcels/inbound', { itemsPerPage: '2' })
    expect(all.status).toBe(200)
    expect(all.body.list).toHaveLength(2)
    expect(all.body.list[0]._id).toBe(theirs._id)
    expect(all.body.total).toBe(await parcelCount())
    const page2 = await op.get('/api/parcels/inbound', { itemsPerPage: '2', currentPage: '2' })
    expect(page2.body.list.map((p: Json) => p._id)).not.toContain(theirs._id)

    const own = await asA.get('/api/parcels/inbound', { itemsPerPage: '100' })
    expect(own.status).toBe(200)
    expect(own.body.list.length).toBeGreaterThan(0)
    expect(own.body.list.every((p: Json) => p.businessclient._id === a.client.id)).toBe(true)
    expect(own.body.total).toBe(own.body.list.length)
    // A client naming another business client still gets only its own.
    const sneaky = await asA.get('/api/parcels/inbound', { businessclient: b.client.id })
    expect(sneaky.body.list).toEqual([])
  })

  it('filters by search term (tracking id, order number), status, business client and dates', async () => {
    const byTracking = await op.get('/api/parcels/inbound', { searchTerm: orderA.trackingId.toLowerCase() })
    expect(byTracking.body.list.map((p: Json) => p._id)).toEqual([mine._id])
    const byOrder = await op.get('/api/parcels/inbound', { searchTerm: orderA.nr })
    expect(byOrder.body.list.map((p: Json) => p._id)).toEqual([mine._id])
    const byNr = await op.get('/api/parcels/inbound', { searchTerm: mine.parcelNr })
    expect(byNr.body.total).toBe(1)
    const byClient = await op.get('/api/parcels/inbound', {
      businessclient: b.client.id,
      itemsPerPage: '100',
    })
    expect(byClient.body.list.every((p: Json) => p.businessclient._id === b.client.id)).toBe(true)
    expect(byClient.body.list.map((p: Json) => p._id)).toContain(theirs._id)
    const processed = await op.get('/api/parcels/inbound', { status: 'Processed', itemsPerPage: '100' })
    expect(processed.body.list.every((p: Json) => p.status === 'Processed')).toBe(true)
    const today = new Date().toISOString().slice(0, 10)
    const todays = await op.get('/api/parcels/inbound', { dateFrom: today, dateTo: today })
    expect(todays.body.total).toBe(await parcelCount())
    const past = await op.get('/api/parcels/inbound', { dateTo: '2020-01-01' })
    expect(past.body).toEqual({ list: [], total: 0 })
  })

  it('answers 400 for bad filters', async () => {
    for (const [query, field] of [
      [{ status: 'Lost' }, 'status'],
      [{ dateFrom: '2024-13-01' }, 'dateFrom'],
      [{ itemsPerPage: '0' }, 'itemsPerPage'],
      [{ currentPage: 'x' }, 'currentPage'],
      [{ businessclient: 'x' }, 'businessclient'],
    ] as const) {
      const res = await op.get('/api/parcels/inbound', query as Record<string, string>)
      expect(res.status, field).toBe(400)
      expect(res.body.details).toHaveProperty([`query.${field}`])
    }
  })

  it('shows the detail to staff and its own client; another client gets 404', async () => {
    expect((await op.get(`/api/parcels/inbound/${mine._id}`)).body.items).toHaveLength(2)
    expect((await finance.get(`/api/parcels/inbound/${mine._id}`)).status).toBe(200)
    const own = await asA.get(`/api/parcels/inbound/${mine._id}`)
    expect(own.status).toBe(200)
    expect(own.body.order.clientOrderNr).toBe(orderA.nr)
    expect((await asB.get(`/api/parcels/inbound/${mine._id}`)).status).toBe(404)
    expect((await op.get('/api/parcels/inbound/0190a0a0-0000-7000-8000-000000000000')).status).toBe(404)
    expect((await op.get('/api/parcels/inbound/junk')).status).toBe(400)
  })
})

describe('PUT /api/parcels/inbound/:id', () => {
  it('changes a New parcel; clients get 403, another id 404', async () => {
    const order = await shippedOrder(asA, a)
    const parcel = await register(order)
    const body = {
      trackingId: order.trackingId,
      warehouse: warehouse.id,
      condition: 'good',
      note: 'Recounted',
      items: [{ product: order.products[1]!.id, quantity: 3 }],
    }
    const res = await op.put(`/api/parcels/inbound/${parcel._id}`, body)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ condition: 'good', note: 'Recounted', units: 3 })
    expect(res.body.items).toEqual([expect.objectContaining({ quantity: 3, condition: 'available' })])
    expect((await asA.put(`/api/parcels/inbound/${parcel._id}`, body)).status).toBe(403)
    expect((await op.put('/api/parcels/inbound/0190a0a0-0000-7000-8000-000000000000', body)).status).toBe(404)
    const bad = await op.put(`/api/parcels/inbound/${parcel._id}`, { ...body, items: [] })
    expect(bad.status).toBe(400)
    expect((await op.get(`/api/parcels/inbound/${parcel._id}`)).body.note).toBe('Recounted')
  })
})

describe('POST /api/parcels/inbound/:id/process', () => {
  it('puts available items on stock and records damaged ones, once, with triggredBy Return', async () => {
    const order = await shippedOrder(asA, a)
    const parcel = await register(order)
    const good = order.products[0]!
    const broken = order.products[1]!
    expect(await card(a.client.id, good.sku)).toBeUndefined()

    expect((await asA.post(`/api/parcels/inbound/${parcel._id}/process`)).status).toBe(403)
    const res = await op.post(`/api/parcels/inbound/${parcel._id}/process`)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('Processed')
    expect(res.body.processedAt).toBeTruthy()
    expect(res.body.processedBy).toBeTruthy()
    expect(res.body.items.every((i: Json) => i.stockMovement)).toBe(true)
    expect((await card(a.client.id, good.sku))!.available).toBe(2)
    expect((await card(a.client.id, broken.sku))!.available).toBe(0)
    const moves = await returnMovements(parcel._id)
    expect(moves).toEqual(
      [
        // No stored English sentence (issue 27): the trigger, the parcel and the damaged quantity say it.
        { triggred_by: 'Return', quantity: 2, quantity_damaged: 0, description: '', sku: good.sku },
        { triggred_by: 'Return', quantity: 0, quantity_damaged: 1, description: '', sku: broken.sku },
      ].sort((x, y) => (x.sku < y.sku ? -1 : 1)),
    )

    const again = await op.post(`/api/parcels/inbound/${parcel._id}/process`)
    expect(again.status).toBe(409)
    expect((await card(a.client.id, good.sku))!.available).toBe(2)
    expect(await returnMovements(parcel._id)).toHaveLength(2)
    const edit = await op.put(`/api/parcels/inbound/${parcel._id}`, {
      trackingId: order.trackingId,
      warehouse: warehouse.id,
      items: [{ product: order.products[0]!.id, quantity: 9 }],
    })
    expect(edit.status).toBe(409)

    const own = await asA.get('/api/parcels/inbound', { status: 'Processed' })
    expect(own.body.list.map((p: Json) => p._id)).toContain(parcel._id)
  })

  it('counts the stock once when two operators process the same parcel at the same time', async () => {
    const order = await shippedOrder(asA, a)
    const parcel = await register(order, {
      items: [{ product: order.products[0]!.id, quantity: 4 }],
    })
    const op2 = (await t.userWithToken({ roles: ['operator'] })).api
    const results = await Promise.all([
      op.post(`/api/parcels/inbound/${parcel._id}/process`),
      op2.post(`/api/parcels/inbound/${parcel._id}/process`),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await card(a.client.id, order.products[0]!.sku))!.available).toBe(4)
    expect(await returnMovements(parcel._id)).toHaveLength(1)
  })

  it('answers 404 for another id and for a client of another business', async () => {
    const order = await shippedOrder(asA, a)
    const parcel = await register(order)
    expect((await op.post('/api/parcels/inbound/0190a0a0-0000-7000-8000-000000000000/process')).status).toBe(
      404,
    )
    expect((await asB.post(`/api/parcels/inbound/${parcel._id}/process`)).status).toBe(403)
    expect((await op.get(`/api/parcels/inbound/${parcel._id}`)).body.status).toBe('New')
  })
})

describe('GET /api/parcels/inbound/lookup/order', () => {
  it('finds the order by exact tracking id or order number, with its lines; clients 403', async () => {
    const order = await shippedOrder(asA, a)
    const byTracking = await op.get('/api/parcels/inbound/lookup/order', { term: order.trackingId })
    expect(byTracking.status).toBe(200)
    expect(byTracking.body).toEqual([
      expect.objectContaining({
        _id: order.id,
        clientOrderNr: order.nr,
        businessclient: { _id: a.client.id, name: 'Alpha Returns s.r.o.' },
        items: order.products.map((p) =>
          expect.objectContaining({ product: { _id: p.id, name: p.name, sku: p.sku }, quantity: 3 }),
        ),
      }),
    ])
    expect((await op.get('/api/parcels/inbound/lookup/order', { term: order.nr })).body[0]._id).toBe(order.id)
    expect((await op.get('/api/parcels/inbound/lookup/order', { term: order.nr.slice(0, -1) })).body).toEqual(
      [],
    )
    const empty = await op.get('/api/parcels/inbound/lookup/order', { term: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.details).toHaveProperty(['query.term'])
    expect((await asA.get('/api/parcels/inbound/lookup/order', { term: order.nr })).status).toBe(403)
  })
})

describe('GET /api/orders/:id/parcel and parcelForOrder', () => {
  it("answers the order's latest parcel, or null (200) when it has none", async () => {
    const order = await shippedOrder(asA, a)
    const none = await asA.get(`/api/orders/${order.id}/parcel`)
    expect(none.status).toBe(200)
    expect(none.body).toBeNull()
    expect(await parcelForOrder(t.db, order.id)).toBeNull()

    await register(order)
    const latest = await register(order)
    const res = await asA.get(`/api/orders/${order.id}/parcel`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ _id: latest._id, parcelNr: latest.parcelNr, status: 'New' })
    expect((await finance.get(`/api/orders/${order.id}/parcel`)).body._id).toBe(latest._id)
    expect((await parcelForOrder(t.db, order.id))?._id).toBe(latest._id)

    const foreign = await asB.get(`/api/orders/${order.id}/parcel`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Order not found')
  })
})
