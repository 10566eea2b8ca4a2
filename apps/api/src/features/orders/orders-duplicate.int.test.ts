import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk, shipTo } from '../../../test/order-fixtures.ts'
import { orders } from '../../db/schema/index.ts'

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>

beforeAll(async () => {
  t = await createTestApp()
  desk = await orderDesk(t)
})
afterAll(() => t?.close())

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n

describe('GET /api/orders/:id/duplicate', () => {
  it('answers a Draft copy with a new internal id, the same items and addresses, logged on both', async () => {
    const c = await t.tenantWithApi()
    const product = await desk.stocked(c.client.id, 5)
    const created = await createOrder(c.api, [{ product: product.id, quantity: 2, price: 20 }], {
      clientOrderNr: 'DUP-1',
      shipTo: { ...shipTo, client: { firstName: 'Jana', lastName: 'Nová' } },
      payment: { COD: { amount: 20 } },
    })
    const original: Json = created.body
    // Allocation blocked 2 of 5 for the original; the Draft copy blocks nothing.
    expect(original.status).toBe('Order Ready for picking')
    const res = await c.api.get(`/api/orders/${original._id}/duplicate`)
    expect(res.status).toBe(200)
    const copy = res.body
    expect(copy._id).not.toBe(original._id)
    expect(copy.internalNumericId).toBeGreaterThan(original.internalNumericId)
    expect(copy).toMatchObject({
      status: 'Draft',
      clientOrderNr: 'DUP-1',
      businessclient: original.businessclient,
      payment: { type: 'COD', total: 20, COD: { apply: true, amount: 20, amountInit: 20 } },
      errMsgs: [],
      allowedActions: ['Validate', 'Cancel'],
    })
    expect(copy.shipping).toEqual({ ...original.shipping, shipFrom: null })
    const line = ({ _id, stockAvailable, low_stock, ...i }: Json) => i
    expect(copy.items.map(line)).toEqual(original.items.map(line))
    // The original blocks 2 of the 5: its line counts them, the unallocated copy sees the 3 still free.
    expect(original.items[0].stockAvailable).toBe(5)
    expect(copy.items[0]).toMatchObject({ stockAvailable: 3, low_stock: false })
    expect(copy.changeLogs.map((l: Json) => l.what)).toEqual([
      `Order created (Draft) as a copy of order ${original.internalNumericId}`,
    ])
    const after = (await c.api.get(`/api/orders/${original._id}`)).body
    expect(after.changeLogs.at(-1)).toMatchObject({
      what: `Duplicated as order ${copy.internalNumericId}`,
      who: { username: c.user.username },
    })
    expect(await desk.card(c.client.id, product.sku)).toMatchObject({ available: 3, blocked: 2 })
    await desk.expectStockInvariants(c.client.id)
  })

  it('answers 403 to roles without orders.write and 404 to another tenant, writing nothing', async () => {
    const c = await t.tenantWithApi()
    const other = await t.tenantWithApi()
    const order = (await createOrder(c.api, [])).body
    const before = await orderCount()
    for (const role of ['operator', 'finance'] as const) {
      const { api } = await t.userWithToken({ roles: [role] })
      expect((await api.get(`/api/orders/${order._id}/duplicate`)).status, role).toBe(403)
    }
    const foreign = await other.api.get(`/api/orders/${order._id}/duplicate`)
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.body)).not.toContain(order._id)
    expect(await orderCount()).toBe(before)
    expect((await c.api.get(`/api/orders/${order._id}`)).body).toEqual(order)
  })

  it('answers 400 naming params.id for an id that is not a UUID, and 404 for an unknown one', async () => {
    const c = await t.tenantWithApi()
    const bad = await c.api.get('/api/orders/junk/duplicate')
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty(['params.id'])
    const unknown = await c.api.get('/api/orders/01a1fcd5-7db7-72c8-99dd-719f6835158e/duplicate')
    expect(unknown.status).toBe(404)
  })

  it('lets staff duplicate any tenant’s order', async () => {
    const c = await t.tenantWithApi()
    const order = (await createOrder(c.api, [])).body
    const res = await (await t.asAdmin()).get(`/api/orders/${order._id}/duplicate`)
    expect(res.status).toBe(200)
    expect(res.body.businessclient._id).toBe(c.client.id)
  })
})
