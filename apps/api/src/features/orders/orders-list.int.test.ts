import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
let other: Awaited<ReturnType<TestApp['tenantWithApi']>>
let admin: TestApi
let p1: { id: string; sku: string }
let p2: { id: string; sku: string }
let courier: { id: string }
/** o1..o4, oldest created first. */
const o: Json[] = []

const setDates = (id: string, createdAt: string, updatedAt: string) =>
  t.database.pool.query('update orders set created_at = $2, updated_at = $3 where id = $1', [
    id,
    createdAt,
    updatedAt,
  ])

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  const desk = await orderDesk(t)
  // Without automatic blocking every order stays New until a client action moves it.
  c = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
  other = await t.tenantWithApi({ client: { name: 'Other Orders List SRL' } })
  p1 = await desk.stocked(c.client.id, 0)
  p2 = await desk.stocked(c.client.id, 0)
  courier = await t.factory.courier({ name: 'LIST-COURIER', country: 'Slovakia' })
  const make = async (items: Json[], extra: Json) => {
    const res = await createOrder(c.api, items, extra)
    expect(res.status).toBe(201)
    return res.body
  }
  o.push(
    await make([{ product: p1.id, quantity: 1, price: 10 }], {
      clientOrderNr: 'SRCH-100%_A',
      payment: { COD: { amount: 10 } },
    }),
    await make([{ product: p2.id, quantity: 1 }], {
      clientOrderNr: 'SRCH-200',
      shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Hlavná', postcode: '949 01' },
    }),
    await make(
      [
        { product: p1.id, quantity: 1 },
        { product: p2.id, quantity: 2 },
      ],
      {
        clientOrderNr: 'SRCH-1000A',
        shipTo: {
          country: 'Czech',
          city: 'Brno',
          street: 'Údolní',
          postcode: '602 00',
          client: { firstName: 'Zdeňka', lastName: 'Procházková' },
        },
      },
    ),
    await make([{ product: p2.id, quantity: 3 }], {
      payment: { COD: { amount: 5 } },
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', postcode: '602 00', phone: '+420 777 123' },
    }),
  )
  expect((await c.api.post(`/api/orders/${o[2]._id}/cancel`)).status).toBe(200)
  expect((await c.api.put(`/api/orders/${o[3]._id}`, { status: 'Draft' })).status).toBe(200)
  await t.database.pool.query('update orders set courier_id = $2 where id = $1', [o[1]._id, courier.id])
  await setDates(o[0]._id, '2026-01-10T08:00:00Z', '2026-03-01T08:00:00Z')
  await setDates(o[1]._id, '2026-01-15T08:00:00Z', '2026-02-10T08:00:00Z')
  await setDates(o[2]._id, '2026-01-20T23:30:00Z', '2026-02-05T08:00:00Z')
  await setDates(o[3]._id, '2026-01-25T08:00:00Z', '2026-02-01T08:00:00Z')
})
afterAll(() => t?.close())

const list = (body: Json = {}, api: TestApi = c.api) => api.post('/api/orders', body)
const ids = (res: Json) => res.body.list.map((row: Json) => row._id)
const the = (...n: number[]) => n.map((i) => o[i - 1]._id)
const allTotals = [
  { status: 'Canceled', count: 1 },
  { status: 'Draft', count: 1 },
  { status: 'New', count: 2 },
]

describe('POST /api/orders', () => {
  it('answers the tenant’s orders newest first, rows without change logs, and the totals per status', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(ids(res)).toEqual(the(4, 3, 2, 1))
    expect(res.body.total).toBe(4)
    expect(res.body.totals).toEqual(allTotals)
    const row = res.body.list[3]
    expect(row).toMatchObject({
      _id: o[0]._id,
      clientOrderNr: 'SRCH-100%_A',
      status: 'New',
      items: [{ product: p1.id, quantity: 1, price: 10 }],
      payment: { COD: { apply: true, amount: 10 } },
      businessclient: { _id: c.client.id },
    })
    expect(row).not.toHaveProperty('changeLogs')
    expect(res.body.list[2].shipping.courier).toEqual({ _id: courier.id, name: 'LIST-COURIER' })
  })

  it('narrows to the status tab while the totals still count every status', async () => {
    const res = await list({ status: 'New' })
    expect(ids(res)).toEqual(the(2, 1))
    expect(res.body.total).toBe(2)
    expect(res.body.totals).toEqual(allTotals)
    const none = await list({ status: 'Packed' })
    expect(none.body).toMatchObject({ list: [], total: 0, totals: allTotals })
  })

  it('filters by product, SKUs, country and courier', async () => {
    expect(ids(await list({ product: p1.id }))).toEqual(the(3, 1))
    expect(ids(await list({ skus: [p2.sku] }))).toEqual(the(4, 3, 2))
    expect(ids(await list({ skus: [p1.sku, p2.sku] }))).toEqual(the(4, 3, 2, 1))
    expect(ids(await list({ country: 'Slovakia' }))).toEqual(the(2))
    expect(ids(await list({ courier: courier.id }))).toEqual(the(2))
    const narrowed = await list({ country: 'Czech', status: 'New' })
    expect(ids(narrowed)).toEqual(the(1))
    // The totals follow the other filters (3 Czech orders), not the status.
    expect(narrowed.body.totals).toEqual([
      { status: 'Canceled', count: 1 },
      { status: 'Draft', count: 1 },
      { status: 'New', count: 1 },
    ])
  })

  it('filters COD orders, orders without COD, or all of them', async () => {
    expect(ids(await list({ has_cod: true }))).toEqual(the(4, 1))
    expect(ids(await list({ no_cod: true }))).toEqual(the(3, 2))
    expect(ids(await list({ has_cod: true, all: true }))).toEqual(the(4, 3, 2, 1))
    expect(ids(await list({ has_cod: true, no_cod: true }))).toEqual(the(4, 3, 2, 1))
  })

  it('filters and sorts on createdAt by default and on updatedAt when use_createdAt is false', async () => {
    // A day as dateTo includes the whole day (o3 was created at 23:30 that day).
    expect(ids(await list({ dateFrom: '2026-01-12', dateTo: '2026-01-20' }))).toEqual(the(3, 2))
    expect(ids(await list({ dateFrom: '2026-01-15T08:00:00Z' }))).toEqual(the(4, 3, 2))
    expect(ids(await list({ use_createdAt: false }))).toEqual(the(1, 2, 3, 4))
    const updated = await list({ use_createdAt: false, dateFrom: '2026-02-04', dateTo: '2026-02-10' })
    expect(ids(updated)).toEqual(the(2, 3))
    expect(updated.body.totals).toEqual([
      { status: 'Canceled', count: 1 },
      { status: 'New', count: 1 },
    ])
  })

  it('pages: page 2 of 2-row pages, and 0 rows per page answers every row', async () => {
    const second = await list({ itemsPerPage: 2, currentPage: 2 })
    expect(ids(second)).toEqual(the(2, 1))
    expect(second.body.total).toBe(4)
    expect(ids(await list({ itemsPerPage: 2, currentPage: 3 }))).toEqual([])
    expect(ids(await list({ itemsPerPage: 0 }))).toHaveLength(4)
    expect(ids(await list({}))).toHaveLength(4)
  })

  it('keeps tenants apart: another client sees none, staff may narrow to one business client', async () => {
    const foreign = await list({}, other.api)
    expect(foreign.status).toBe(200)
    expect(foreign.body).toEqual({ list: [], total: 0, totals: [] })
    const named = await list({ businessclient: c.client.id }, other.api)
    expect(named.body).toEqual({ list: [], total: 0, totals: [] })
    const staff = await list({ businessclient: c.client.id }, admin)
    expect(ids(staff)).toEqual(the(4, 3, 2, 1))
    expect(staff.body.totals).toEqual(allTotals)
  })

  it('answers 400 naming the field for a bad status, date, page or unknown field', async () => {
    for (const [body, field] of [
      [{ status: 'Bogus' }, 'status'],
      [{ dateFrom: 'yesterday' }, 'dateFrom'],
      [{ currentPage: 0 }, 'currentPage'],
      [{ itemsPerPage: 5000 }, 'itemsPerPage'],
      [{ courier: 'x' }, 'courier'],
    ] as const) {
      const res = await list(body)
      expect(res.status, field).toBe(400)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.details, field).toHaveProperty(field)
    }
  })

  // Every role holds orders.read (no 403 to test): operators and finance read every tenant's orders.
  it('lets an operator read every tenant’s orders, and answers 401 without a session', async () => {
    const { api } = await t.userWithToken({ roles: ['operator'] })
    expect(ids(await list({ businessclient: c.client.id }, api))).toEqual(the(4, 3, 2, 1))
    expect((await list({}, t.anon)).status).toBe(401)
    expect((await t.anon.post('/api/orders/find/search', { searchTerm: 'SRCH' })).status).toBe(401)
  })
})

describe('POST /api/orders/find/search', () => {
  const search = (body: Json, api: TestApi = c.api) => api.post('/api/orders/find/search', body)

  it('finds by order number with LIKE wildcards taken literally', async () => {
    const res = await search({ searchTerm: '100%_', key: 'clientOrderNr' })
    expect(res.status).toBe(200)
    expect(ids(res)).toEqual(the(1))
    expect(res.body.total).toBe(1)
    expect(res.body.totals).toEqual([{ status: 'New', count: 1 }])
    expect(ids(await search({ searchTerm: 'srch', key: 'clientOrderNr' }))).toEqual(the(3, 2, 1))
    expect(ids(await search({ searchTerm: '0%_', key: 'clientOrderNr' }))).toEqual(the(1))
    // As a pattern, '1_0' would match '100%_'; taken literally it matches nothing.
    expect(ids(await search({ searchTerm: '1_0', key: 'clientOrderNr' }))).toEqual([])
  })

  it('refuses a contains-search of 1 or 2 characters (it would read every order), but not the internal number', async () => {
    for (const body of [
      { searchTerm: '_', key: 'clientOrderNr' },
      { searchTerm: 'ab' },
      { searchTerm: ' x ', key: 'customer' },
    ]) {
      const res = await search(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(res.body)).toContain('searchTerm')
      expect(JSON.stringify(res.body)).toContain('at least 3 characters')
    }
    const short = await search({
      searchTerm: String(o[0].internalNumericId).slice(-2),
      key: 'internalNumericId',
    })
    expect(short.status).toBe(200)
  })

  it('finds by internal id exactly, and by customer name or phone', async () => {
    const byId = await search({ searchTerm: String(o[1].internalNumericId), key: 'internalNumericId' })
    expect(ids(byId)).toEqual(the(2))
    expect(ids(await search({ searchTerm: 'abc', key: 'internalNumericId' }))).toEqual([])
    expect(ids(await search({ searchTerm: 'zdeňka proch', key: 'customer' }))).toEqual(the(3))
    expect(ids(await search({ searchTerm: '777 1', key: 'customer' }))).toEqual(the(4))
  })

  it('searches every key when none is given', async () => {
    expect(ids(await search({ searchTerm: 'Procház' }))).toEqual(the(3))
    expect(ids(await search({ searchTerm: String(o[3].internalNumericId) }))).toContain(o[3]._id)
    expect(ids(await search({ searchTerm: 'SRCH-200' }))).toEqual(the(2))
  })

  it('answers 400 naming searchTerm or key', async () => {
    for (const [body, field] of [
      [{}, 'searchTerm'],
      [{ searchTerm: '   ' }, 'searchTerm'],
      [{ searchTerm: 'x', key: 'email' }, 'key'],
    ] as const) {
      const res = await search(body)
      expect(res.status, field).toBe(400)
      expect(res.body.details, field).toHaveProperty(field)
    }
  })

  it('finds nothing of another tenant', async () => {
    const res = await search({ searchTerm: 'SRCH' }, other.api)
    expect(res.body).toEqual({ list: [], total: 0, totals: [] })
    expect(JSON.stringify(res.body)).not.toContain(c.client.id)
  })
})
