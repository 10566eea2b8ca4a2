import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { createOrder } from '../../../test/order-fixtures.ts'
import { productFor } from '../../../test/stock-fixtures.ts'
import { orders, services } from '../../db/schema/index.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000)

/** A service of the client as shipping an order records it. */
async function service(clientId: string, amount: string, currency: string, orderId: string | null, at: Date) {
  await t.db.insert(services).values({
    businessclientId: clientId,
    serviceType: orderId ? 'fulfilment' : 'storage',
    category: orderId ? 'warehouse' : 'storage',
    trigger: orderId ? 'Order' : 'Storage',
    triggerId: orderId,
    unitPrice: amount,
    amount,
    currency,
    country: 'Czech',
    serviceDate: at.toISOString().slice(0, 10),
    dedupeKey: randomUUID(),
    createdAt: at,
  })
}

describe('GET /api/costcalculator/me', () => {
  it("answers the client's orders of the last 30 days and its cost per shipped order, per currency", async () => {
    const c = await t.tenantWithApi()
    const product = await productFor(t, c.client.id)
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const res = await createOrder(c.api, [{ product: product.id, quantity: 1, price: 10 }])
      expect(res.status).toBe(201)
      ids.push(res.body._id)
    }
    // One order is older than 30 days: neither it nor its services count.
    await t.db
      .update(orders)
      .set({ createdAt: daysAgo(31) })
      .where(eq(orders.id, ids[3]!))
    const [o1, o2, , old] = ids as [string, string, string, string]
    await service(c.client.id, '40.00', 'CZK', o1, daysAgo(2))
    await service(c.client.id, '80.90', 'CZK', o1, daysAgo(2)) // a second service of the same order
    await service(c.client.id, '45.00', 'CZK', o2, daysAgo(29))
    await service(c.client.id, '13.10', 'CZK', null, daysAgo(1)) // storage: a cost, but no order
    await service(c.client.id, '2.50', 'EUR', null, daysAgo(3))
    await service(c.client.id, '999.00', 'CZK', old, daysAgo(31))
    // Another client's services never count.
    const other = await t.tenantWithApi()
    await service(other.client.id, '500.00', 'CZK', null, daysAgo(1))

    const res = await c.api.get('/api/costcalculator/me')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      orders: 3,
      costs: [
        // (40 + 80.90 + 45 + 13.10) / 2 shipped orders
        { currency: 'CZK', total: 179, shippedOrders: 2, perOrder: 89.5 },
        { currency: 'EUR', total: 2.5, shippedOrders: 0, perOrder: null },
      ],
    })
  })

  it('answers zero orders and no costs to a new client and to staff, and 401 to a visitor', async () => {
    const c = await t.tenantWithApi()
    expect((await c.api.get('/api/costcalculator/me')).body).toEqual({ orders: 0, costs: [] })
    const { api } = await t.userWithToken({ roles: ['admin'] })
    expect((await api.get('/api/costcalculator/me')).body).toEqual({ orders: 0, costs: [] })
    expect((await t.anon.get('/api/costcalculator/me')).status).toBe(401)
  })
})
