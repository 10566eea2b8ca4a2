import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder as createFor, orderDesk, shipTo } from '../../../test/order-fixtures.ts'
import { createShipment, receiveLine } from '../../../test/stock-fixtures.ts'
import { orderBlocks, orders } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi
let admin: TestApi
let desk: Awaited<ReturnType<typeof orderDesk>>

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Orders s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta Orders SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
  admin = await t.asAdmin()
  desk = await orderDesk(t)
})
afterAll(() => t?.close())

const stocked = (clientId: string, quantity: number) => desk.stocked(clientId, quantity)
const card = (clientId: string, sku: string) => desk.card(clientId, sku)
const expectStockInvariants = (clientId: string) => desk.expectStockInvariants(clientId)

describe('POST /api/orders/create/new', () => {
  it('creates a New order for the client itself, with increasing internal ids and a change-log row', async () => {
    const c = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
    const product = await stocked(c.client.id, 0)
    const first = await createFor(c.api, [{ product: product.id, quantity: 2, price: 39.8 }], {
      clientOrderNr: 'EO-1001',
      isAdressAsShipping: true,
      shipTo: { ...shipTo, client: { firstName: 'Jana', lastName: 'Nováková', isCompany: true } },
      payment: { COD: { amount: 39.8 } },
    })
    expect(first.status).toBe(201)
    const o = first.body
    expect(o).toMatchObject({
      clientOrderNr: 'EO-1001',
      status: 'New',
      businessclient: { _id: c.client.id },
      items: [
        { product: product.id, sku: product.sku, name: product.name, quantity: 2, price: 39.8, weight: 250 },
      ],
      shipping: {
        shipFrom: null,
        shipTo: {
          ...shipTo,
          client: { firstName: 'Jana', city: 'Brno', postcode: '602 00', isCompany: true },
        },
      },
      payment: { type: 'COD', total: 39.8, COD: { apply: true, amount: 39.8, amountInit: 39.8 } },
      allowedActions: ['Set to Draft', 'Cancel'],
    })
    expect(o.changeLogs).toEqual([
      {
        what: 'Order created (New)',
        who: { _id: c.user.id, username: c.user.username },
        when: expect.any(String),
        event: 'created',
        params: { status: 'New' },
      },
    ])
    const second = await createFor(c.api, [])
    expect(second.status).toBe(201)
    expect(second.body.internalNumericId).toBeGreaterThan(o.internalNumericId)
    expect((await c.api.get(`/api/orders/${o._id}`)).body).toEqual(o)
  })

  it('staff must name the business client', async () => {
    const product = await stocked(a.client.id, 0)
    const missing = await createFor(admin, [{ product: product.id, quantity: 1 }])
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('businessclient')
    const ok = await createFor(admin, [{ product: product.id, quantity: 1 }], { businessclient: a.client.id })
    expect(ok.status).toBe(201)
    expect(ok.body.businessclient._id).toBe(a.client.id)
  })

  it('answers 400 naming country, city, street and post code when missing, and writes nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(orders)
    const res = await asA.post('/api/orders/create/new', { shipTo: { province: 'Jihomoravský' }, items: [] })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(res.body.details).sort()).toEqual([
      'shipTo.city',
      'shipTo.country',
      'shipTo.postcode',
      'shipTo.street',
    ])
    const blank = await asA.post('/api/orders/create/new', { shipTo: { ...shipTo, city: '  ' }, items: [] })
    expect(blank.status).toBe(400)
    expect(blank.body.details).toHaveProperty('shipTo.city')
    const [after] = await t.db.select({ n: count() }).from(orders)
    expect(after!.n).toBe(before!.n)
  })

  it('refuses items that are not the business client’s products and quantities below 1', async () => {
    const foreign = await stocked(b.client.id, 0)
    const res = await createFor(asA, [{ product: foreign.id, quantity: 1 }])
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('items.0.product')
    const own = await stocked(a.client.id, 0)
    const zero = await createFor(asA, [{ product: own.id, quantity: 0 }])
    expect(zero.status).toBe(400)
    expect(zero.body.details).toHaveProperty('items.0.quantity')
  })

  it('answers 403 to a role without orders.write (finance) and 404 for a foreign business client', async () => {
    const { api } = await t.userWithToken({ roles: ['finance'] })
    expect((await createFor(api, [], { businessclient: a.client.id })).status).toBe(403)
    expect((await createFor(asB, [], { businessclient: a.client.id })).status).toBe(404)
  })
})

describe('tenant scope', () => {
  it('answers 404 to another tenant on get, cancel and status change, and changes nothing', async () => {
    const order = (await createFor(asA, [])).body
    expect((await asB.get(`/api/orders/${order._id}`)).status).toBe(404)
    expect((await asB.post(`/api/orders/${order._id}/cancel`)).status).toBe(404)
    expect((await asB.put(`/api/orders/${order._id}`, { status: 'Draft' })).status).toBe(404)
    expect((await asA.get(`/api/orders/${order._id}`)).body).toEqual(order)
  })
})

describe('allocation and the status flow', () => {
  it('blocks stock in one warehouse that has every item and sets Order Ready for picking', async () => {
    const p1 = await stocked(a.client.id, 10)
    const p2 = await stocked(a.client.id, 3)
    const res = await createFor(asA, [
      { product: p1.id, quantity: 4 },
      { product: p2.id, quantity: 3 },
    ])
    expect(res.status).toBe(201)
    expect(res.body.status).toBe('Order Ready for picking')
    expect(res.body.shipping.shipFrom._id).toBe(desk.op.warehouse.id)
    expect(res.body.changeLogs.map((l: Json) => l.what)).toEqual([
      'Order created (New)',
      'Status: New → Order Ready for picking (stock blocked)',
    ])
    expect(await card(a.client.id, p1.sku)).toMatchObject({ available: 6, blocked: 4, total: 10 })
    expect(await card(a.client.id, p2.sku)).toMatchObject({ available: 0, blocked: 3, total: 3 })
  })

  it('sets No goods and blocks nothing when no warehouse has every item', async () => {
    const p1 = await stocked(a.client.id, 10)
    const p2 = await stocked(a.client.id, 1)
    const res = await createFor(asA, [
      { product: p1.id, quantity: 1 },
      { product: p2.id, quantity: 2 },
    ])
    expect(res.body.status).toBe('No goods')
    expect(res.body.shipping.shipFrom).toBeNull()
    expect(await card(a.client.id, p1.sku)).toMatchObject({ available: 10, blocked: 0 })
    expect(await card(a.client.id, p2.sku)).toMatchObject({ available: 1, blocked: 0 })
    const [blocks] = await t.db
      .select({ n: count() })
      .from(orderBlocks)
      .where(eq(orderBlocks.orderId, res.body._id))
    expect(blocks!.n).toBe(0)
  })

  it('chooses ONE warehouse that has every item, not the first that has some', async () => {
    const c = await t.tenantWithApi()
    const p1 = await stocked(c.client.id, 0)
    const p2 = await stocked(c.client.id, 0)
    const first = await t.factory.warehouse({ name: '0 first warehouse' })
    const second = await t.factory.warehouse({ name: 'z second warehouse' })
    const s1 = await createShipment(desk.op.api, { warehouse: first.id, businessclient: c.client.id })
    await receiveLine(desk.op.api, s1, { sku: p1.sku, quantity: 5 })
    const s2 = await createShipment(desk.op.api, { warehouse: second.id, businessclient: c.client.id })
    await receiveLine(desk.op.api, s2, { sku: p1.sku, quantity: 1 })
    await receiveLine(desk.op.api, s2, { sku: p2.sku, quantity: 1 })
    const res = await createFor(c.api, [
      { product: p1.id, quantity: 1 },
      { product: p2.id, quantity: 1 },
    ])
    expect(res.body.status).toBe('Order Ready for picking')
    expect(res.body.shipping.shipFrom).toEqual({ _id: second.id, name: 'z second warehouse' })
    const { pool } = t.database
    const { rows } = await pool.query(
      'select warehouse_id, sku, available, blocked from inventory_cards where businessclient_id = $1 order by sku, warehouse_id',
      [c.client.id],
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        { warehouse_id: first.id, sku: p1.sku, available: 5, blocked: 0 },
        { warehouse_id: second.id, sku: p1.sku, available: 0, blocked: 1 },
        { warehouse_id: second.id, sku: p2.sku, available: 0, blocked: 1 },
      ]),
    )
    await expectStockInvariants(c.client.id)
  })

  it('cancel releases the block (and answers 409 the second time)', async () => {
    const p = await stocked(a.client.id, 5)
    const order = (await createFor(asA, [{ product: p.id, quantity: 2 }])).body
    expect(await card(a.client.id, p.sku)).toMatchObject({ available: 3, blocked: 2 })
    const res = await asA.post(`/api/orders/${order._id}/cancel`)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('Canceled')
    expect(res.body.allowedActions).toEqual([])
    expect(res.body.changeLogs.at(-1).what).toBe(
      'Status: Order Ready for picking → Canceled (blocked stock released)',
    )
    expect(await card(a.client.id, p.sku)).toMatchObject({ available: 5, blocked: 0, total: 5 })
    const again = await asA.post(`/api/orders/${order._id}/cancel`)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('INVALID_TRANSITION')
  })

  it('Set to Draft releases, Validate allocates again', async () => {
    const p = await stocked(a.client.id, 2)
    const order = (await createFor(asA, [{ product: p.id, quantity: 2 }])).body
    const draft = await asA.put(`/api/orders/${order._id}`, { status: 'Draft' })
    expect(draft.status).toBe(200)
    expect(draft.body).toMatchObject({
      status: 'Draft',
      allowedActions: ['Validate', 'Cancel'],
      shipping: { shipFrom: null },
    })
    expect(await card(a.client.id, p.sku)).toMatchObject({ available: 2, blocked: 0 })
    const validated = await asA.put(`/api/orders/${order._id}`, { status: 'New' })
    expect(validated.body.status).toBe('Order Ready for picking')
    expect(await card(a.client.id, p.sku)).toMatchObject({ available: 0, blocked: 2 })
  })

  it('walks the warehouse flow (orders.process) and refuses what the table does not allow', async () => {
    const p = await stocked(a.client.id, 1)
    const order = (await createFor(asA, [{ product: p.id, quantity: 1 }])).body
    const { api: operator } = await t.userWithToken({ roles: ['operator'] })
    // A client may not move the warehouse flow; an operator may not take client actions.
    expect((await asA.put(`/api/orders/${order._id}`, { status: 'Product Picking' })).status).toBe(403)
    expect((await operator.put(`/api/orders/${order._id}`, { status: 'Draft' })).status).toBe(403)
    // Allocation's transitions are the server's own.
    const forced = await operator.put(`/api/orders/${order._id}`, { status: 'No goods' })
    expect(forced.status).toBe(409)
    for (const status of ['Product Picking', 'Packed', 'Shipping', 'Delivered']) {
      const res = await operator.put(`/api/orders/${order._id}`, { status })
      expect(res.status, status).toBe(200)
      expect(res.body.status).toBe(status)
    }
    const back = await admin.put(`/api/orders/${order._id}`, { status: 'New' })
    expect(back.status).toBe(409)
    expect(back.body.code).toBe('INVALID_TRANSITION')
    const final = (await asA.get(`/api/orders/${order._id}`)).body
    expect(final.status).toBe('Delivered')
    expect(final.changeLogs.map((l: Json) => l.what).slice(-2)).toEqual([
      'Status: Packed → Shipping',
      'Status: Shipping → Delivered',
    ])
    expect(final.changeLogs.at(-1).who.username).toBeTruthy()
  })

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    const order = (await createFor(asA, [])).body
    expect((await asA.get('/api/orders/0190a5a0-0000-7000-8000-000000000000')).status).toBe(404)
    expect((await asA.put(`/api/orders/${order._id}`, { status: 'Lost' })).status).toBe(400)
  })
})
