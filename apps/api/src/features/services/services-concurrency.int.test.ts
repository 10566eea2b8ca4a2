import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk, walk } from '../../../test/order-fixtures.ts'
import { courierQuotations, services } from '../../db/schema/index.ts'
import { recordOrderShipped } from './index.ts'

let t: TestApp
let operator: TestApi
let desk: Awaited<ReturnType<typeof orderDesk>>

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.userWithToken({ roles: ['operator'] })).api
  desk = await orderDesk(t)
  const courier = await t.factory.courier({ name: 'PPL', country: 'Czech', isDefault: true })
  await t.db.insert(courierQuotations).values({
    courierId: courier.id,
    country: 'Czech',
    currency: 'CZK',
    transport: '89.00',
    codCash: '20.00',
    amount: '89.00',
  })
  const admin = await t.asAdmin()
  const res = await admin.post('/api/ratecards', {
    country: 'Czech',
    currency: 'CZK',
    validFrom: '2020-01-01',
    fulfilmentOrder: 26,
    fulfilmentExtraItem: 3.5,
    packaging: 6.5,
    codFee: 12,
  })
  if (res.status !== 201) throw new Error(`card → ${res.status}`)
})
afterAll(() => t?.close())

const servicesOf = (orderId: string) =>
  t.db
    .select({ key: services.dedupeKey, amount: services.amount })
    .from(services)
    .where(eq(services.triggerId, orderId))

async function packedOrder() {
  const c = await t.tenantWithApi()
  const p = await desk.stocked(c.client.id, 3)
  const order = (
    await createOrder(c.api, [{ product: p.id, quantity: 3 }], { payment: { COD: { amount: 450 } } })
  ).body
  await walk(operator, order._id, ['Product Picking', 'Packed'])
  return order
}

describe('services are recorded exactly once when shipping races or is retried', () => {
  it('8 simultaneous Shipping calls: one ships, the others are refused, 6 services', async () => {
    const order = await packedOrder()
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => operator.put(`/api/orders/${order._id}`, { status: 'Shipping' })),
    )
    expect(answers.filter((r) => r.status >= 500)).toEqual([])
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    const rows = await servicesOf(order._id)
    expect(rows.map((r) => r.key.split(':')[2]).sort()).toEqual([
      'cod',
      'cod_courier',
      'extra_item',
      'fulfilment',
      'packaging',
      'transport',
    ])
  })

  it('20 overlapping recordings of one order (a retried job, a replay) insert each service once', async () => {
    const order = await packedOrder()
    const inserted = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction(async (tx) => {
          const n = await recordOrderShipped(tx, order._id)
          // Hold the transaction open a moment so that the others run into its uncommitted keys.
          await tx.execute(sql`select pg_sleep(0.02)`)
          return n
        }),
      ),
    )
    expect(inserted.reduce((a, b) => a + b, 0)).toBe(6)
    const rows = await servicesOf(order._id)
    expect(rows).toHaveLength(6)
    expect(new Set(rows.map((r) => r.key)).size).toBe(6)
    // 26 + 2 × 3.50 + 6.50 + 12 + 89 + 20
    expect(rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0)).toBe(16050)
  })
})
