import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, logLines, orderDesk, shipTo, walk } from '../../../test/order-fixtures.ts'
import { createShipment, receiveLine } from '../../../test/stock-fixtures.ts'
import { businessClients, orderBlocks, orders } from '../../db/schema/index.ts'
import { courierCountryOf } from './use-cases/assign-courier.ts'

let t: TestApp
let operator: TestApi
let desk: Awaited<ReturnType<typeof orderDesk>>

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.userWithToken({ roles: ['operator'] })).api
  desk = await orderDesk(t)
})
afterAll(() => t?.close())

const blocksOf = (orderId: string) => t.db.select().from(orderBlocks).where(eq(orderBlocks.orderId, orderId))

describe('Shipping turns the blocked stock into outbound movements', () => {
  it('lowers blocked and total, writes a movement triggredBy Order, removes the blocks', async () => {
    const c = await t.tenantWithApi()
    const p1 = await desk.stocked(c.client.id, 5)
    const p2 = await desk.stocked(c.client.id, 1)
    const order = (
      await createOrder(
        c.api,
        [
          { product: p1.id, quantity: 2 },
          { product: p2.id, quantity: 1 },
        ],
        { clientOrderNr: 'SHIP-1' },
      )
    ).body
    await walk(operator, order._id, ['Product Picking', 'Packed'])
    // Packed still holds the stock; nothing has left the warehouse yet.
    expect(await desk.card(c.client.id, p1.sku)).toMatchObject({ available: 3, blocked: 2, total: 5 })

    const shipped = await walk(operator, order._id, ['Shipping'])
    expect(shipped.status).toBe('Shipping')
    expect(logLines(shipped).at(-1)).toBe('Status: Packed → Shipping')
    expect(await desk.card(c.client.id, p1.sku)).toMatchObject({ available: 3, blocked: 0, total: 3 })
    expect(await desk.card(c.client.id, p2.sku)).toMatchObject({ available: 0, blocked: 0, total: 0 })
    expect(await blocksOf(order._id)).toEqual([])

    const movements = await c.api.post(`/api/products/${p1.id}/movements`, {})
    expect(movements.status).toBe(200)
    expect(movements.body.list[0]).toMatchObject({
      triggredBy: 'Order',
      actionSource: { _id: order._id, clientOrderNr: 'SHIP-1' },
      quantity: -2,
      quantity_available: 3,
      total_after: 3,
      description: '',
    })
    await desk.expectStockInvariants(c.client.id)

    // Delivered changes no stock.
    await walk(operator, order._id, ['Delivered'])
    expect(await desk.card(c.client.id, p1.sku)).toMatchObject({ available: 3, blocked: 0, total: 3 })
  })

  it('refuses Shipping for an order without a ship-from warehouse (409) and changes nothing', async () => {
    const c = await t.tenantWithApi()
    const order = (await createOrder(c.api, [])).body
    await t.db.update(orders).set({ status: 'Packed', warehouseId: null }).where(eq(orders.id, order._id))
    const res = await operator.put(`/api/orders/${order._id}`, { status: 'Shipping' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'Order has no warehouse' })
    expect((await c.api.get(`/api/orders/${order._id}`)).body.status).toBe('Packed')
  })
})

describe('allocation is retried when stock arrives', () => {
  it('receiving goods allocates the No goods orders of those SKUs, oldest first, with a log saying why', async () => {
    const c = await t.tenantWithApi()
    const p = await desk.stocked(c.client.id, 0)
    const other = await desk.stocked(c.client.id, 0)
    const older = (await createOrder(c.api, [{ product: p.id, quantity: 2 }])).body
    const newer = (await createOrder(c.api, [{ product: p.id, quantity: 2 }])).body
    const unrelated = (await createOrder(c.api, [{ product: other.id, quantity: 1 }])).body
    for (const o of [older, newer, unrelated]) expect(o.status).toBe('No goods')

    const shipment = await createShipment(desk.op.api, {
      warehouse: desk.op.warehouse.id,
      businessclient: c.client.id,
    })
    await receiveLine(desk.op.api, shipment, { sku: p.sku, quantity: 3 })

    const first = (await c.api.get(`/api/orders/${older._id}`)).body
    expect(first).toMatchObject({
      status: 'Order Ready for picking',
      shipping: { shipFrom: { _id: desk.op.warehouse.id } },
    })
    expect(logLines(first).at(-1)).toBe(
      'Status: No goods → Order Ready for picking (stock blocked: goods received)',
    )
    expect(first.changeLogs.at(-1).who.username).toBe(desk.op.user.username)
    expect(await blocksOf(older._id)).toHaveLength(1)
    expect((await c.api.get(`/api/orders/${newer._id}`)).body.status).toBe('No goods')
    expect((await c.api.get(`/api/orders/${unrelated._id}`)).body).toEqual(unrelated)
    expect(await desk.card(c.client.id, p.sku)).toMatchObject({ available: 1, blocked: 2 })

    // An operator's positive adjustment is stock arriving too.
    const card = await desk.card(c.client.id, p.sku)
    const adjusted = await operator.post(`/api/inventorycards/${card.id}/adjust`, {
      quantity: 1,
      reason: 'Found on the shelf',
    })
    expect(adjusted.status).toBe(201)
    expect((await c.api.get(`/api/orders/${newer._id}`)).body.status).toBe('Order Ready for picking')
    expect(await desk.card(c.client.id, p.sku)).toMatchObject({ available: 0, blocked: 4 })
    await desk.expectStockInvariants(c.client.id)
  })

  it('leaves the orders of a business client that blocks manually as they are', async () => {
    const c = await t.tenantWithApi()
    const p = await desk.stocked(c.client.id, 0)
    const order = (await createOrder(c.api, [{ product: p.id, quantity: 1 }])).body
    expect(order.status).toBe('No goods')
    await t.db
      .update(businessClients)
      .set({ automaticBlockingGoods: false })
      .where(eq(businessClients.id, c.client.id))
    const shipment = await createShipment(desk.op.api, {
      warehouse: desk.op.warehouse.id,
      businessclient: c.client.id,
    })
    await receiveLine(desk.op.api, shipment, { sku: p.sku, quantity: 5 })
    const after = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(after.status).toBe('No goods')
    expect(after.changeLogs).toEqual(order.changeLogs)
    expect(await blocksOf(order._id)).toEqual([])
  })
})

describe('automatic courier assignment', () => {
  it('gives an order without a courier the default courier of its ship-to country, at creation and on Validate', async () => {
    const sk = await t.factory.courier({ name: 'DPD', country: 'Slovakia', isDefault: true })
    await t.factory.courier({ name: 'Packeta SK', country: 'Slovakia' })
    const c = await t.tenantWithApi()
    const created = await createOrder(c.api, [], { shipTo: { ...shipTo, country: 'SK' } })
    expect(created.body.shipping.courier).toEqual({ _id: sk.id, name: 'DPD' })
    expect(logLines(created.body)).toEqual([
      'Order created (New)',
      'Courier: — → DPD (default courier of SK, assigned automatically)',
    ])

    // A Draft without a courier gets one when validated; a chosen courier is kept.
    const draft = (await createOrder(c.api, [], { shipTo: { ...shipTo, country: 'slovakia ' } })).body
    await c.api.put(`/api/orders/${draft._id}`, { status: 'Draft', shipping: { courier: null } })
    const validated = await c.api.put(`/api/orders/${draft._id}`, { status: 'New' })
    expect(validated.body.shipping.courier.name).toBe('DPD')
    expect(logLines(validated.body).slice(-2)).toEqual([
      'Status: Draft → New',
      'Courier: — → DPD (default courier of slovakia, assigned automatically)',
    ])

    // Off in the profile, or a country without a default courier: none.
    const manual = await t.tenantWithApi({ client: { automaticAssignCourier: false } })
    expect(
      (await createOrder(manual.api, [], { shipTo: { ...shipTo, country: 'Slovakia' } })).body.shipping
        .courier,
    ).toBeNull()
    expect(
      (await createOrder(c.api, [], { shipTo: { ...shipTo, country: 'Czech' } })).body.shipping.courier,
    ).toBeNull()
  })

  it('matches ISO codes and names without regard to case', () => {
    expect(courierCountryOf('CZ')).toBe('Czech')
    expect(courierCountryOf(' sk ')).toBe('Slovakia')
    expect(courierCountryOf('Czech')).toBe('Czech')
    expect(courierCountryOf('Narnia')).toBe('Narnia')
  })
})
