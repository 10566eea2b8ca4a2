import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk, walk } from '../../../test/order-fixtures.ts'
import { createShipment, receiveLine } from '../../../test/stock-fixtures.ts'
import { courierQuotations, orders, services } from '../../db/schema/index.ts'
import { recordOrderShipped, recordRefundHandling, recordStorageDay } from './index.ts'

let t: TestApp
let admin: TestApi
let finance: TestApi
let operator: TestApi
let desk: Awaited<ReturnType<typeof orderDesk>>
let courierId: string

const today = () => new Date().toISOString().slice(0, 10)
const card = (over: Json = {}) => ({
  country: 'Czech',
  currency: 'CZK',
  validFrom: '2020-01-01',
  fulfilmentOrder: 26,
  fulfilmentExtraItem: 3.5,
  packaging: 6.5,
  receivingUnit: 0.85,
  storagePositionDay: 0.35,
  codFee: 12,
  refundHandling: 40,
  ...over,
})

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  operator = (await t.userWithToken({ roles: ['operator'] })).api
  desk = await orderDesk(t)
  const courier = await t.factory.courier({ name: 'PPL', country: 'Czech', isDefault: true })
  courierId = courier.id
  await t.db.insert(courierQuotations).values({
    courierId,
    country: 'Czech',
    currency: 'CZK',
    transport: '100.00',
    fuelChargePercent: '18.50',
    tollRate: '2.40',
    codCash: '15.00',
    codCardPercent: '1.20',
    amount: '120.90',
  })
  const res = await admin.post('/api/ratecards', card())
  if (res.status !== 201) throw new Error(`default card → ${res.status} ${JSON.stringify(res.body)}`)
})
afterAll(() => t?.close())

const summary = (list: Json[]) =>
  list.map((s: Json) => `${s.serviceType.name} ${s.quantity}×${s.unitPrice}=${s.amount} ${s.currency}`).sort()

/** A client with stocked products and an order of `units` shipped by the operator. */
async function shippedOrder(
  c: Awaited<ReturnType<TestApp['tenantWithApi']>>,
  units: number[],
  extra: Json = {},
) {
  const items = []
  for (const quantity of units) {
    const p = await desk.stocked(c.client.id, quantity)
    items.push({ product: p.id, quantity })
  }
  const order = (await createOrder(c.api, items, extra)).body
  await walk(operator, order._id, ['Product Picking', 'Packed', 'Shipping'])
  return order
}

describe('rate cards', () => {
  it('lets admin write and finance read; a client and an operator are refused', async () => {
    expect((await finance.get('/api/ratecards')).status).toBe(200)
    expect((await finance.post('/api/ratecards', card({ country: 'Slovakia' }))).status).toBe(403)
    expect((await operator.get('/api/ratecards')).status).toBe(403)
    const c = await t.tenantWithApi()
    expect((await c.api.get('/api/ratecards')).status).toBe(403)
  })

  it('refuses an overlapping validity of the same owner and country with 409 and a clear message', async () => {
    const c = await t.factory.tenant()
    const first = await admin.post(
      '/api/ratecards',
      card({ businessclient: c.client.id, validFrom: '2030-01-01', validTo: '2030-06-30' }),
    )
    expect(first.status).toBe(201)
    expect(first.body.businessclient).toEqual({ _id: c.client.id, name: c.client.name })
    const clash = await admin.post(
      '/api/ratecards',
      card({ businessclient: c.client.id, validFrom: '2030-06-30' }),
    )
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe(
      'A rate card of this client for Czech is already valid from 2030-01-01 to 2030-06-30: the validity must not overlap',
    )
    // The day after is free; another owner or country never clashes.
    expect(
      (await admin.post('/api/ratecards', card({ businessclient: c.client.id, validFrom: '2030-07-01' })))
        .status,
    ).toBe(201)
    expect((await admin.post('/api/ratecards', card({ country: 'Slovakia', currency: 'EUR' }))).status).toBe(
      201,
    )
    // A second open default card for Czech overlaps the one of beforeAll.
    expect((await admin.post('/api/ratecards', card({ validFrom: '2031-01-01' }))).status).toBe(409)
    // Moving a card onto its neighbour is refused the same way; onto itself is fine.
    const put = await admin.put(
      `/api/ratecards/${first.body._id}`,
      card({ businessclient: c.client.id, validFrom: '2030-01-01', validTo: '2030-07-01' }),
    )
    expect(put.status).toBe(409)
    const ok = await admin.put(
      `/api/ratecards/${first.body._id}`,
      card({ businessclient: c.client.id, validFrom: '2030-01-01', validTo: '2030-06-30', packaging: 7.25 }),
    )
    expect(ok.status).toBe(200)
    expect(ok.body.packaging).toBe(7.25)
  })

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const before = (await admin.get('/api/ratecards')).body.length
    const cases: [Json, string][] = [
      [card({ fulfilmentOrder: -1 }), 'fulfilmentOrder'],
      [card({ packaging: 1.234 }), 'packaging'],
      [card({ validFrom: '2030-02-01', validTo: '2030-01-31' }), 'validTo'],
      [card({ country: 'Atlantis' }), 'country'],
      [card({ currency: 'XXX' }), 'currency'],
    ]
    for (const [body, field] of cases) {
      const res = await admin.post('/api/ratecards', body)
      expect(res.status, field).toBe(400)
      expect(res.body.details, field).toHaveProperty([field])
    }
    const unknown = await admin.post(
      '/api/ratecards',
      card({ businessclient: '00000000-0000-4000-8000-000000000001', validFrom: '2040-01-01' }),
    )
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toEqual({ businessclient: 'does not exist' })
    expect((await admin.get('/api/ratecards')).body.length).toBe(before)
  })

  it('deletes an unused card, refuses one that priced services, and 404s an unknown one', async () => {
    const spare = await admin.post('/api/ratecards', card({ country: 'Hungary', currency: 'HUF' }))
    expect((await admin.delete(`/api/ratecards/${spare.body._id}`)).status).toBe(200)
    expect((await admin.delete(`/api/ratecards/${spare.body._id}`)).status).toBe(404)
    const c = await t.tenantWithApi()
    const own = await admin.post(
      '/api/ratecards',
      card({ businessclient: c.client.id, validFrom: '2021-01-01' }),
    )
    await shippedOrder(c, [1])
    const used = await admin.delete(`/api/ratecards/${own.body._id}`)
    expect(used.status).toBe(409)
    expect(used.body.message).toMatch(/end its validity/)
  })
})

describe('services of a shipped order', () => {
  it('records fulfilment, extra items, packaging, transport and both COD parts, by the client card', async () => {
    const c = await t.tenantWithApi()
    await admin.post(
      '/api/ratecards',
      card({ businessclient: c.client.id, fulfilmentOrder: 20, validFrom: '2021-01-01' }),
    )
    const order = await shippedOrder(c, [2, 2], { payment: { COD: { amount: 700 } } })
    const panel = await c.api.get(`/api/orders/${order._id}/services`)
    expect(panel.status).toBe(200)
    expect(summary(panel.body.services)).toEqual([
      'cod 1×12=12 CZK',
      'cod 1×15=15 CZK',
      'extra_item 3×3.5=10.5 CZK',
      'fulfilment 1×20=20 CZK',
      'packaging 1×6.5=6.5 CZK',
      'transport 1×120.9=120.9 CZK',
    ])
    expect(panel.body.total).toEqual([{ currency: 'CZK', amount: 184.9 }])
    expect(panel.body.services[0]).toMatchObject({
      trigger: 'Order',
      triggerId: order._id,
      isBilled: false,
      bill: null,
      country: 'Czech',
      serviceDate: today(),
    })
    const transport = panel.body.services.find((s: Json) => s.serviceType.name === 'transport')
    expect(transport.quotation).toEqual(expect.any(String))

    // A retried recording (the job, a replay) adds nothing.
    expect(await recordOrderShipped(t.db, order._id)).toBe(0)
    expect((await c.api.get(`/api/orders/${order._id}/services`)).body.services).toHaveLength(6)
  })

  it('records no transport without a quotation, and the default card for a client without its own', async () => {
    const c = await t.tenantWithApi()
    const other = await t.factory.courier({ name: 'Zásilkovna', country: 'Czech' })
    const p = await desk.stocked(c.client.id, 1)
    const order = (await createOrder(c.api, [{ product: p.id, quantity: 1 }])).body
    // The other courier has no quotation for Czech.
    await t.db.update(orders).set({ courierId: other.id }).where(eq(orders.id, order._id))
    await walk(operator, order._id, ['Product Picking', 'Packed', 'Shipping'])
    const panel = await c.api.get(`/api/orders/${order._id}/services`)
    expect(summary(panel.body.services)).toEqual(['fulfilment 1×26=26 CZK', 'packaging 1×6.5=6.5 CZK'])
  })

  it("shows 'No service provided.' data (an empty panel) before shipping; another client's order is 404", async () => {
    const c = await t.tenantWithApi()
    const p = await desk.stocked(c.client.id, 1)
    const order = (await createOrder(c.api, [{ product: p.id, quantity: 1 }])).body
    expect((await c.api.get(`/api/orders/${order._id}/services`)).body).toEqual({ total: [], services: [] })
    const b = await t.tenantWithApi()
    expect((await b.api.get(`/api/orders/${order._id}/services`)).status).toBe(404)
    expect((await operator.get(`/api/orders/${order._id}/services`)).status).toBe(403)
    expect((await finance.get(`/api/orders/${order._id}/services`)).status).toBe(200)
  })
})

describe('receiving, storage and refund handling', () => {
  it('records receiving per unit received, good and damaged, once per received line', async () => {
    const c = await t.tenantWithApi()
    const shipment = await createShipment(desk.op.api, {
      warehouse: desk.op.warehouse.id,
      businessclient: c.client.id,
    })
    await receiveLine(desk.op.api, shipment, { sku: 'RCV-1', quantity: 6, quantity_damaged: 1 })
    await receiveLine(desk.op.api, shipment, { sku: 'RCV-2', quantity: 3 })
    const list = await c.api.post('/api/services/billable', { status: 'notbilled' })
    expect(summary(list.body.list)).toEqual(['receiving 3×0.85=2.55 CZK', 'receiving 7×0.85=5.95 CZK'])
    expect(list.body.list[0]).toMatchObject({
      trigger: 'Inboundshipment',
      triggerId: shipment,
      triggerRef: shipment.slice(-9),
    })
  })

  it('records one storage service per occupied position and day, once however often the job runs', async () => {
    const c = await t.tenantWithApi()
    await desk.stocked(c.client.id, 4)
    await desk.stocked(c.client.id, 2)
    const empty = await desk.stocked(c.client.id, 0)
    expect(empty).toBeDefined()
    const first = await recordStorageDay(t.db, '2026-01-15')
    expect(first).toBeGreaterThanOrEqual(2)
    expect(await recordStorageDay(t.db, '2026-01-15')).toBe(0)
    const rows = await t.db.select().from(services).where(eq(services.businessclientId, c.client.id))
    const storage = rows.filter((r) => r.serviceType === 'storage')
    expect(storage).toHaveLength(2)
    expect(storage.map((s) => [s.amount, s.serviceDate, s.trigger])).toEqual([
      ['0.35', '2026-01-15', 'Storage'],
      ['0.35', '2026-01-15', 'Storage'],
    ])
  })

  it('records refund handling once per refund', async () => {
    const c = await t.factory.tenant()
    const refund = {
      id: '00000000-0000-4000-8000-00000000abcd',
      businessclientId: c.client.id,
      country: 'Czech',
      ref: 'R-1',
    }
    expect(await t.db.transaction((tx) => recordRefundHandling(tx, refund))).toBe(1)
    expect(await t.db.transaction((tx) => recordRefundHandling(tx, refund))).toBe(0)
    const [row] = await t.db.select().from(services).where(eq(services.businessclientId, c.client.id))
    expect(row).toMatchObject({
      serviceType: 'refund_handling',
      amount: '40.00',
      trigger: 'Refund',
      triggerRef: 'R-1',
    })
  })
})

describe('POST /api/services/billable and the running bill', () => {
  it('lists a client its own services newest first with paging; staff all or one client', async () => {
    const a = await t.tenantWithApi()
    const b = await t.tenantWithApi()
    await shippedOrder(a, [1])
    await shippedOrder(a, [3])
    await shippedOrder(b, [1])
    const page1 = await a.api.post('/api/services/billable', { itemsPerPage: 2, currentPage: 1 })
    expect(page1.status).toBe(200)
    // (fulfilment, packaging, transport) ×2 + one extra_item, and the receiving of the two products' stock
    expect(page1.body.total).toBe(9)
    expect(page1.body.list).toHaveLength(2)
    expect(page1.body.list.every((s: Json) => s.businessclient._id === a.client.id)).toBe(true)
    const page5 = await a.api.post('/api/services/billable', { itemsPerPage: 2, currentPage: 5 })
    expect(page5.body.list).toHaveLength(1)
    const created = [...page1.body.list, ...page5.body.list].map((s: Json) => s.createdAt)
    expect(created).toEqual([...created].sort().reverse())
    // A client naming another client still sees only its own.
    expect((await a.api.post('/api/services/billable', { businessclient: b.client.id })).body.total).toBe(9)
    expect((await finance.post('/api/services/billable', { businessclient: b.client.id })).body.total).toBe(4)
    expect((await a.api.post('/api/services/billable', { status: 'billed' })).body).toEqual({
      list: [],
      total: 0,
    })
    const future = await a.api.post('/api/services/billable', { dateFrom: '2999-01-01' })
    expect(future.body.total).toBe(0)
    const todays = await a.api.post('/api/services/billable', { dateFrom: today(), dateTo: today() })
    expect(todays.body.total).toBe(9)

    const running = await a.api.get('/api/services/running')
    expect(running.status).toBe(200)
    expect(running.body.periodStart).toBe(`${today().slice(0, 7)}-01`)
    expect(running.body.currencies).toEqual([
      {
        currency: 'CZK',
        total: 317.2, // 7 + 52 + 13 + 3.40 + 241.80, summed in decimal
        lines: [
          { name: 'extra_item', category: 'warehouse', quantity: 2, count: 1, amount: 7 },
          { name: 'fulfilment', category: 'warehouse', quantity: 2, count: 2, amount: 52 },
          { name: 'packaging', category: 'warehouse', quantity: 2, count: 2, amount: 13 },
          { name: 'receiving', category: 'warehouse', quantity: 4, count: 2, amount: 3.4 },
          { name: 'transport', category: 'courier', quantity: 2, count: 2, amount: 241.8 },
        ],
      },
    ])
    const staff = await finance.get('/api/services/running', { businessclient: b.client.id })
    expect(staff.body.currencies[0].total).toBe(154.25) // 26 + 6.50 + 120.90 + 0.85
  })

  it('answers 400 naming the field for bad filters', async () => {
    const { api } = await t.tenantWithApi()
    for (const [body, field] of [
      [{ status: 'paid' }, 'status'],
      [{ itemsPerPage: 0 }, 'itemsPerPage'],
      [{ currentPage: 0 }, 'currentPage'],
      [{ dateFrom: '2026-13-01' }, 'dateFrom'],
      [{ dateFrom: '2026-02-02', dateTo: '2026-02-01' }, 'dateTo'],
    ] as const) {
      const res = await api.post('/api/services/billable', body)
      expect(res.status, field).toBe(400)
      expect(res.body.details, field).toHaveProperty([field])
    }
    expect((await t.anon.post('/api/services/billable', {})).status).toBe(401)
    expect((await operator.post('/api/services/billable', {})).status).toBe(403)
  })
})
