import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder, logLines, ordersCast, walk } from '../../../test/order-fixtures.ts'
import { orders } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let asA: TestApi
let asB: TestApi
let admin: TestApi
let operator: TestApi
let desk: Awaited<ReturnType<typeof ordersCast>>['desk']

beforeAll(async () => {
  t = await createTestApp()
  ;({ a, asA, asB, admin, operator, desk } = await ordersCast(t, {
    a: 'Alpha Items s.r.o.',
    b: 'Beta Items SRL',
  }))
})
afterAll(() => t?.close())

const addItem = (api: TestApi, id: string, body: Json) => api.post(`/api/orders/${id}/items`, body)

describe('POST /api/orders/:id/items and DELETE /api/orders/:id/items/:itemId', () => {
  it('adds a line from the product, recomputes the total and re-allocates (No goods → ready)', async () => {
    const p1 = await desk.stocked(a.client.id, 5)
    const p2 = await desk.stocked(a.client.id, 2)
    const order = (await createOrder(asA, [{ product: p1.id, quantity: 2, price: 10 }])).body
    expect(order.status).toBe('Order Ready for picking')

    // More than there is: the order gives its stock back and waits.
    const more = await addItem(asA, order._id, { product: p2.id, quantity: 3, price: 7.5, sku: 'IGNORED' })
    expect(more.status).toBe(200)
    expect(more.body).toMatchObject({
      status: 'No goods',
      payment: { total: 17.5 },
      shipping: { shipFrom: null },
    })
    expect(more.body.items.at(-1)).toMatchObject({ product: p2.id, sku: p2.sku, name: p2.name, weight: 250 })
    expect(logLines(more.body).slice(-3)).toEqual([
      `Item added: ${p2.sku} ${p2.name} × 3 (7.50)`,
      'Total: 10.00 → 17.50',
      'Status: Order Ready for picking → No goods (items changed)',
    ])
    expect(await desk.card(a.client.id, p1.sku)).toMatchObject({ available: 5, blocked: 0 })

    // Removing the line that could not be served: allocated again.
    const line = more.body.items.at(-1)._id
    const less = await asA.delete(`/api/orders/${order._id}/items/${line}`)
    expect(less.status).toBe(200)
    expect(less.body).toMatchObject({ status: 'Order Ready for picking', payment: { total: 10 } })
    expect(less.body.items).toHaveLength(1)
    expect(logLines(less.body).slice(-3)).toEqual([
      `Item removed: ${p2.sku} ${p2.name} × 3 (7.50)`,
      'Total: 17.50 → 10.00',
      'Status: No goods → Order Ready for picking (stock blocked: items changed)',
    ])
    expect(await desk.card(a.client.id, p1.sku)).toMatchObject({ available: 3, blocked: 2 })

    // A line that fits: blocked again with the new line.
    const fits = await addItem(asA, order._id, { product: p2.id, quantity: 1, price: 0, weight: 90 })
    expect(fits.body.status).toBe('Order Ready for picking')
    expect(fits.body.items.at(-1).weight).toBe(90)
    expect(logLines(fits.body).at(-1)).toBe('Stock blocked again: items changed')
    expect(await desk.card(a.client.id, p2.sku)).toMatchObject({ available: 1, blocked: 1 })
    await desk.expectStockInvariants(a.client.id)
  })

  it('deleting a blocked line gives its stock back', async () => {
    const p1 = await desk.stocked(a.client.id, 3)
    const p2 = await desk.stocked(a.client.id, 3)
    const order = (
      await createOrder(asA, [
        { product: p1.id, quantity: 1 },
        { product: p2.id, quantity: 2 },
      ])
    ).body
    expect(await desk.card(a.client.id, p2.sku)).toMatchObject({ available: 1, blocked: 2 })
    const res = await asA.delete(`/api/orders/${order._id}/items/${order.items[1]._id}`)
    expect(res.body.status).toBe('Order Ready for picking')
    expect(await desk.card(a.client.id, p2.sku)).toMatchObject({ available: 3, blocked: 0 })
    expect(await desk.card(a.client.id, p1.sku)).toMatchObject({ available: 2, blocked: 1 })
    await desk.expectStockInvariants(a.client.id)
  })

  it('refuses another client’s product (400 product), unknown lines (404), after picking (409), wrong roles', async () => {
    const own = await desk.stocked(a.client.id, 1)
    const foreign = await desk.stocked((await t.factory.businessClient()).id, 0)
    const order = (await createOrder(asA, [{ product: own.id, quantity: 1, price: 3 }])).body
    const bad = await addItem(asA, order._id, { product: foreign.id, quantity: 1, price: 1 })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('product')
    const zero = await addItem(asA, order._id, { product: own.id, quantity: 0, price: 1 })
    expect(zero.status).toBe(400)
    expect(zero.body.details).toHaveProperty('quantity')
    const unknown = await asA.delete(`/api/orders/${order._id}/items/0190a5a0-0000-7000-8000-000000000000`)
    expect(unknown.status).toBe(404)
    expect((await addItem(asB, order._id, { product: own.id, quantity: 1, price: 1 })).status).toBe(404)
    expect((await asB.delete(`/api/orders/${order._id}/items/${order.items[0]._id}`)).status).toBe(404)
    expect((await addItem(operator, order._id, { product: own.id, quantity: 1, price: 1 })).status).toBe(403)

    await walk(operator, order._id, ['Product Picking'])
    const late = await addItem(asA, order._id, { product: own.id, quantity: 1, price: 1 })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('CONFLICT')
    expect(late.body.message).toContain("status 'Product Picking'")
    const lateDelete = await asA.delete(`/api/orders/${order._id}/items/${order.items[0]._id}`)
    expect(lateDelete.status).toBe(409)
    const after = (await asA.get(`/api/orders/${order._id}`)).body
    expect(after.items).toEqual(order.items)
    expect(after.payment.total).toBe(3)
  })
})

describe('PUT /api/orders (bulk)', () => {
  it('changes each order in the given order and lists the refused and unknown ones', async () => {
    const p = await desk.stocked(a.client.id, 3)
    const ready = []
    for (let n = 0; n < 3; n++)
      ready.push(
        (await createOrder(asA, [{ product: p.id, quantity: 1 }], { clientOrderNr: `BULK-${n}` })).body,
      )
    const canceled = (await createOrder(asA, [], { clientOrderNr: 'BULK-C' })).body
    await asA.post(`/api/orders/${canceled._id}/cancel`)
    const foreignClient = await t.tenantWithApi()
    const foreign = (await createOrder(foreignClient.api, [], { clientOrderNr: 'SECRET-NR' })).body

    const ids = [ready[0]._id, canceled._id, ready[1]._id, foreign._id, ready[2]._id]
    const res = await asA.put('/api/orders', { orders: ids, status: 'Draft' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      message: '3 orders updated, 2 failed',
      status: 'Draft',
      updated: 3,
      failedOrders: [
        {
          _id: canceled._id,
          clientOrderNr: 'BULK-C',
          internalNumericId: canceled.internalNumericId,
          status: 'Canceled',
          message: "An order in status 'Canceled' cannot change to 'Draft'",
          reason: 'invalidTransition',
        },
        {
          _id: foreign._id,
          clientOrderNr: '',
          internalNumericId: null,
          status: null,
          message: 'Order not found',
          reason: 'notFound',
        },
      ],
    })
    expect(JSON.stringify(res.body)).not.toContain('SECRET-NR')
    for (const o of ready) {
      const now = (await asA.get(`/api/orders/${o._id}`)).body
      expect(now.status).toBe('Draft')
      expect(logLines(now).at(-1)).toBe('Status: Order Ready for picking → Draft (blocked stock released)')
    }
    expect((await foreignClient.api.get(`/api/orders/${foreign._id}`)).body).toEqual(foreign)
    await desk.expectStockInvariants(a.client.id)
  })

  it('answers the refused transition with its message and the status the order stayed in', async () => {
    const p = await desk.stocked(a.client.id, 1)
    const ready = (await createOrder(asA, [{ product: p.id, quantity: 1 }])).body
    const waiting = (await createOrder(asA, [{ product: p.id, quantity: 1 }], { clientOrderNr: 'W-2' })).body
    const res = await operator.put('/api/orders', {
      orders: [ready._id, waiting._id],
      status: 'Product Picking',
    })
    expect(res.body).toEqual({
      message: '1 order updated, 1 failed',
      status: 'Product Picking',
      updated: 1,
      failedOrders: [
        {
          _id: waiting._id,
          clientOrderNr: 'W-2',
          internalNumericId: waiting.internalNumericId,
          status: 'No goods',
          message: "An order in status 'No goods' cannot change to 'Product Picking'",
          reason: 'invalidTransition',
        },
      ],
    })
    expect((await asA.get(`/api/orders/${waiting._id}`)).body).toEqual(waiting)
  })

  it('names why a courier change left a Canceled order and an order in picking as they were', async () => {
    const p = await desk.stocked(a.client.id, 1)
    const picking = (await createOrder(asA, [{ product: p.id, quantity: 1 }], { clientOrderNr: 'R-PICK' }))
      .body
    await walk(operator, picking._id, ['Product Picking'])
    const canceled = (await createOrder(asA, [], { clientOrderNr: 'R-CANC' })).body
    await asA.post(`/api/orders/${canceled._id}/cancel`)
    const open = (await createOrder(asA, [], { clientOrderNr: 'R-OPEN' })).body
    const courier = await t.factory.courier({ name: 'REASON-PPL', country: 'Slovakia' })

    const res = await operator.put('/api/orders', {
      orders: [picking._id, canceled._id, open._id],
      courier: courier.id,
    })
    expect(res.status).toBe(200)
    expect(res.body.updated).toBe(1)
    expect(
      res.body.failedOrders.map((f: { clientOrderNr: string; reason: string; status: string }) => [
        f.clientOrderNr,
        f.status,
        f.reason,
      ]),
    ).toEqual([
      ['R-PICK', 'Product Picking', 'fixedAfterPicking'],
      ['R-CANC', 'Canceled', 'canceled'],
    ])
    expect((await asA.get(`/api/orders/${picking._id}`)).body.shipping.courier?.name).not.toBe('REASON-PPL')
    expect((await asA.get(`/api/orders/${open._id}`)).body.shipping.courier.name).toBe('REASON-PPL')
  })

  it('sets courier, warehouse and assigned user for many orders (staff only), validated once', async () => {
    const created = []
    for (let n = 0; n < 2; n++) created.push((await createOrder(asA, [])).body)
    const ids = created.map((o) => o._id)
    const courier = await t.factory.courier({ name: 'BULK-PPL', country: 'Slovakia' })
    const { user: picker } = await t.userWithToken({ roles: ['operator'], username: 'bulk-picker' })

    expect((await operator.put('/api/orders', { orders: ids, courier: courier.id })).body.message).toBe(
      '2 orders updated',
    )
    expect((await admin.put('/api/orders', { orders: ids, assignedUser: picker.id })).body.updated).toBe(2)
    const wh = await t.factory.warehouse({ name: 'Bulk Warehouse' })
    expect((await operator.put('/api/orders', { orders: ids, shipFrom: wh.id })).body.updated).toBe(2)
    for (const id of ids) {
      const o = (await asA.get(`/api/orders/${id}`)).body
      expect(o.shipping.courier.name).toBe('BULK-PPL')
      expect(o.shipping.shipFrom.name).toBe('Bulk Warehouse')
      expect(o.processing.assignedUser.username).toBe('bulk-picker')
      expect(logLines(o).slice(-3)).toEqual([
        'Courier: — → BULK-PPL',
        'Assigned user: — → bulk-picker',
        'Warehouse: — → Bulk Warehouse',
      ])
    }

    // Clients may not; wrong targets are 400 for the whole request; an empty or mixed body is 400.
    expect((await asA.put('/api/orders', { orders: ids, courier: courier.id })).status).toBe(403)
    expect((await asA.put('/api/orders', { orders: ids, status: 'Packed' })).status).toBe(403)
    const unknown = '0190a5a0-0000-7000-8000-000000000000'
    const badCourier = await operator.put('/api/orders', { orders: ids, courier: unknown })
    expect(badCourier.status).toBe(400)
    expect(badCourier.body.details).toHaveProperty('courier')
    const badUser = await operator.put('/api/orders', { orders: ids, assignedUser: a.user.id })
    expect(badUser.status).toBe(400)
    expect(
      (await operator.put('/api/orders', { orders: ids, courier: courier.id, shipFrom: wh.id })).status,
    ).toBe(400)
    expect((await operator.put('/api/orders', { orders: [], status: 'Draft' })).status).toBe(400)
  })

  it('changes 1,000 orders in one request', async () => {
    const c = await t.tenantWithApi()
    const wh = desk.op.warehouse.id
    // Inserted directly: 1,000 creations through the API would test creation, not the bulk change.
    await t.db.insert(orders).values(
      Array.from({ length: 1000 }, (_, n) => ({
        businessclientId: c.client.id,
        status: 'Order Ready for picking',
        shipToCountry: 'Czech',
        shipToCity: 'Brno',
        shipToStreet: `Údolní ${n}`,
        shipToPostcode: '602 00',
        shipToClient: {} as never,
        warehouseId: wh,
      })),
    )
    const { rows } = await t.database.pool.query('select id from orders where businessclient_id = $1', [
      c.client.id,
    ])
    const res = await operator.put('/api/orders', {
      orders: rows.map((r) => r.id),
      status: 'Product Picking',
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('1000 orders updated')
    const { rows: statuses } = await t.database.pool.query(
      `select status, count(*)::int as n, (select count(*)::int from order_change_logs l
         join orders o on o.id = l.order_id where o.businessclient_id = $1) as logs
       from orders where businessclient_id = $1 group by status`,
      [c.client.id],
    )
    expect(statuses).toEqual([{ status: 'Product Picking', n: 1000, logs: 1000 }])
    // Its speed is the bench's to measure (npm run bench -- orders: bulk status change of 1,000 orders).
  }, 300_000)
})
