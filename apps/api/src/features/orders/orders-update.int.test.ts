import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder, logLines, ordersCast, walk } from '../../../test/order-fixtures.ts'
import { createShipment, receiveLine } from '../../../test/stock-fixtures.ts'

let t: TestApp
let a: Tenant
let asA: TestApi
let asB: TestApi
let admin: TestApi
let operator: TestApi
let finance: TestApi
let desk: Awaited<ReturnType<typeof ordersCast>>['desk']

beforeAll(async () => {
  t = await createTestApp()
  ;({ a, asA, asB, admin, operator, desk } = await ordersCast(t, {
    a: 'Alpha Fields s.r.o.',
    b: 'Beta Fields SRL',
  }))
  finance = (await t.userWithToken({ roles: ['finance'] })).api
})
afterAll(() => t?.close())

/** A New order of A (no stock: No goods) with one line, as A's user created it. */
async function noGoodsOrder(extra: Json = {}) {
  const product = await desk.stocked(a.client.id, 0)
  const res = await createOrder(asA, [{ product: product.id, quantity: 1, price: 20 }], extra)
  expect(res.status).toBe(201)
  return res.body
}

const put = (api: TestApi, id: string, body: Json) => api.put(`/api/orders/${id}`, body)

describe('PUT /api/orders/:id fields', () => {
  it('lets the client change its fields, one change-log row per changed field, and moves updatedAt', async () => {
    const order = await noGoodsOrder({ clientOrderNr: 'EO-1' })
    const courier = await t.factory.courier({ name: 'ECONT', country: 'Bulgaria' })
    const res = await put(asA, order._id, {
      clientOrderNr: 'EO-2',
      shipTo: { city: 'Praha', street: 'Údolní', client: { firstName: 'Jana', email: 'jana@example.com' } },
      shipping: { courier: courier.id },
      payment: { status: 'paid' },
      processing: { instructions: 'Fragile: pack in bubble wrap', generate_invoice: true },
      api_request: { to_office: 'Sofia Center', office_code: 'SOF1' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      clientOrderNr: 'EO-2',
      shipping: {
        courier: { _id: courier.id, name: 'ECONT' },
        shipTo: { city: 'Praha', street: 'Údolní', client: { firstName: 'Jana', email: 'jana@example.com' } },
      },
      payment: { status: 'paid' },
      processing: { instructions: 'Fragile: pack in bubble wrap', generate_invoice: true },
      api_request: { to_office: 'Sofia Center', office_code: 'SOF1' },
    })
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(order.updatedAt))
    // The street was sent unchanged: no row for it.
    expect(logLines(res.body).slice(logLines(order).length)).toEqual([
      'Order number: EO-1 → EO-2',
      'City: Brno → Praha',
      'Client first name: — → Jana',
      'Client email: — → jana@example.com',
      'Courier: — → ECONT',
      'Payment status: — → paid',
      'Packing instructions: — → Fragile: pack in bubble wrap',
      'Generate invoice: no → yes',
      'Office: — → Sofia Center',
      'Office code: — → SOF1',
    ])
    expect(res.body.changeLogs.at(-1).who).toEqual({ _id: a.user.id, username: a.user.username })

    const same = await put(asA, order._id, { clientOrderNr: 'EO-2', shipTo: { city: 'Praha' } })
    expect(same.status).toBe(200)
    expect(same.body.changeLogs).toEqual(res.body.changeLogs)
    expect(same.body.updatedAt).toBe(res.body.updatedAt)
  })

  it('refuses a staff-only field to a client user with 403 naming it, and changes nothing', async () => {
    const order = await noGoodsOrder()
    for (const body of [
      { shipping: { trackingId: 'AWB1' } },
      { shipping: { shipFrom: desk.op.warehouse.id } },
      { processing: { assignedUser: a.user.id } },
      { clientOrderNr: 'X', shipping: { weight: 100 } },
    ]) {
      const res = await put(asA, order._id, body)
      expect(res.status, JSON.stringify(body)).toBe(403)
      expect(res.body.message).toMatch(/^(shipping|processing)\.\w+ can be changed only by/)
    }
    expect((await asA.get(`/api/orders/${order._id}`)).body).toEqual(order)
  })

  it('answers 403 to finance (orders.read only) and 404 to another tenant', async () => {
    const order = await noGoodsOrder()
    expect((await put(finance, order._id, { clientOrderNr: 'F-1' })).status).toBe(403)
    expect((await put(asB, order._id, { clientOrderNr: 'B-1' })).status).toBe(404)
    expect((await asA.get(`/api/orders/${order._id}`)).body).toEqual(order)
  })

  it('lets staff change the shipping and processing fields', async () => {
    const order = await noGoodsOrder()
    const { user: picker } = await t.userWithToken({ roles: ['operator'], username: 'picker-anna' })
    const res = await put(operator, order._id, {
      shipping: {
        deliveryDate: '2026-12-01',
        shippingCost: 4.5,
        trackingId: 'AWB-123',
        trackingUrl: 'https://track.example.com/AWB-123',
        weight: 1200,
      },
      processing: { assignedUser: picker.id },
    })
    expect(res.status).toBe(200)
    expect(res.body.shipping).toMatchObject({
      deliveryDate: '2026-12-01',
      shippingCost: 4.5,
      trackingId: 'AWB-123',
      trackingUrl: 'https://track.example.com/AWB-123',
      weight: 1200,
    })
    expect(res.body.processing.assignedUser).toEqual({ _id: picker.id, username: 'picker-anna' })
    expect(logLines(res.body).slice(-6)).toEqual([
      'Assigned user: — → picker-anna',
      'Delivery date: — → 2026-12-01',
      'Shipping cost: 0.00 → 4.50',
      'Tracking id: — → AWB-123',
      'Tracking url: — → https://track.example.com/AWB-123',
      'Weight: — → 1200 g',
    ])
    const cleared = await put(admin, order._id, {
      processing: { assignedUser: null },
      shipping: { weight: null },
    })
    expect(cleared.body.processing.assignedUser).toBeNull()
    expect(logLines(cleared.body).slice(-2)).toEqual(['Assigned user: picker-anna → —', 'Weight: 1200 g → —'])
  })

  it('answers 400 for an unknown courier, an assignee who is not an enabled admin or operator, a bad date', async () => {
    const order = await noGoodsOrder()
    const unknown = '0190a5a0-0000-7000-8000-000000000000'
    const courier = await put(asA, order._id, { shipping: { courier: unknown } })
    expect(courier.status).toBe(400)
    expect(courier.body.details).toEqual({ 'shipping.courier': 'is not a courier' })
    const { user: fin } = await t.userWithToken({ roles: ['finance'] })
    const { user: gone } = await t.userWithToken({ roles: ['operator'], status: 'disabled' })
    for (const id of [fin.id, gone.id, a.user.id, unknown]) {
      const res = await put(admin, order._id, { processing: { assignedUser: id } })
      expect(res.status).toBe(400)
      expect(res.body.details).toHaveProperty('processing.assignedUser')
    }
    const date = await put(admin, order._id, { shipping: { deliveryDate: '1.12.2026' } })
    expect(date.status).toBe(400)
    expect(date.body.details).toHaveProperty('shipping.deliveryDate')
    const warehouse = await put(admin, order._id, { shipping: { shipFrom: unknown } })
    expect(warehouse.status).toBe(400)
    expect(warehouse.body.details).toHaveProperty('shipping.shipFrom')
    expect((await asA.get(`/api/orders/${order._id}`)).body).toEqual(order)
  })

  it('fixes addresses, COD and courier once picking starts (409 naming the status), and everything when Canceled', async () => {
    const p = await desk.stocked(a.client.id, 1)
    const order = (await createOrder(asA, [{ product: p.id, quantity: 1 }])).body
    await walk(operator, order._id, ['Product Picking'])
    for (const body of [
      { shipTo: { city: 'Praha' } },
      { payment: { COD: { amount: 5 } } },
      { shipping: { courier: null } },
    ]) {
      const res = await put(asA, order._id, body)
      expect(res.status, JSON.stringify(body)).toBe(409)
      expect(res.body.code).toBe('CONFLICT')
      expect(res.body.message).toContain("status 'Product Picking'")
    }
    // Packing instructions and the rest still change.
    const note = await put(asA, order._id, { processing: { instructions: 'Gift wrap' } })
    expect(note.status).toBe(200)
    const canceled = await asA.post(`/api/orders/${order._id}/cancel`)
    expect(canceled.body.status).toBe('Canceled')
    const late = await put(asA, order._id, { processing: { instructions: 'Too late' } })
    expect(late.status).toBe(409)
    expect(late.body.message).toContain('Canceled')
    expect((await asA.get(`/api/orders/${order._id}`)).body.processing.instructions).toBe('Gift wrap')
  })

  it('keeps the first COD amount; apply=false keeps the amount but the order is no longer COD', async () => {
    const order = await noGoodsOrder({ payment: { COD: { amount: 20 } } })
    const raised = await put(asA, order._id, { payment: { COD: { amount: 25 } } })
    expect(raised.body.payment).toMatchObject({
      type: 'COD',
      COD: { apply: true, amount: 25, amountInit: 20 },
    })
    expect(logLines(raised.body).at(-1)).toBe('COD amount: 20.00 → 25.00')
    const off = await put(asA, order._id, { payment: { COD: { apply: false } } })
    expect(off.body.payment).toMatchObject({
      type: 'Paid Online',
      COD: { apply: false, amount: 25, amountInit: 20 },
    })
    expect(logLines(off.body).slice(-2)).toEqual(['COD: yes → no', 'Payment type: COD → Paid Online'])
    const codOnly = await asA.post('/api/orders', { has_cod: true, itemsPerPage: 0 })
    expect(codOnly.status).toBe(200)
    expect(codOnly.body.list.map((o: Json) => o._id)).not.toContain(order._id)
    const noCod = await asA.post('/api/orders', { no_cod: true, itemsPerPage: 0 })
    expect(noCod.body.list.map((o: Json) => o._id)).toContain(order._id)

    const prepaid = await noGoodsOrder()
    expect(prepaid.payment).toMatchObject({ type: 'Paid Online', COD: { apply: false, amountInit: 0 } })
    const first = await put(asA, prepaid._id, { payment: { COD: { amount: 30 } } })
    expect(first.body.payment).toMatchObject({
      type: 'COD',
      COD: { apply: true, amount: 30, amountInit: 30 },
    })
  })
})

describe('shipping.shipFrom re-allocates', () => {
  it('moves the blocks to a warehouse that has everything, else No goods with the warehouse kept', async () => {
    const c = await t.tenantWithApi()
    const p = await desk.stocked(c.client.id, 4)
    const second = await t.factory.warehouse({ name: 'Second Fields Warehouse' })
    const empty = await t.factory.warehouse({ name: 'Empty Fields Warehouse' })
    const shipment = await createShipment(desk.op.api, { warehouse: second.id, businessclient: c.client.id })
    await receiveLine(desk.op.api, shipment, { sku: p.sku, quantity: 3 })
    const order = (await createOrder(c.api, [{ product: p.id, quantity: 3 }])).body
    expect(order.shipping.shipFrom._id).toBe(desk.op.warehouse.id)

    const moved = await put(operator, order._id, { shipping: { shipFrom: second.id } })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      status: 'Order Ready for picking',
      shipping: { shipFrom: { _id: second.id, name: 'Second Fields Warehouse' } },
    })
    const cards = async () => {
      const { rows } = await t.database.pool.query(
        'select warehouse_id, available, blocked from inventory_cards where businessclient_id = $1',
        [c.client.id],
      )
      return rows
    }
    expect(await cards()).toEqual(
      expect.arrayContaining([
        { warehouse_id: desk.op.warehouse.id, available: 4, blocked: 0 },
        { warehouse_id: second.id, available: 0, blocked: 3 },
      ]),
    )
    expect(logLines(moved.body).slice(-2)).toEqual([
      `Warehouse: ${desk.op.warehouse.name} → Second Fields Warehouse`,
      'Stock blocked again: warehouse changed',
    ])

    const nowhere = await put(admin, order._id, { shipping: { shipFrom: empty.id } })
    expect(nowhere.body).toMatchObject({
      status: 'No goods',
      shipping: { shipFrom: { _id: empty.id, name: 'Empty Fields Warehouse' } },
    })
    expect(logLines(nowhere.body).at(-1)).toBe(
      'Status: Order Ready for picking → No goods (warehouse changed)',
    )
    expect((await cards()).every((card: Json) => card.blocked === 0)).toBe(true)
    await desk.expectStockInvariants(c.client.id)

    // Stock arriving in the chosen warehouse allocates there (a receipt elsewhere would not).
    const elsewhere = await createShipment(desk.op.api, { warehouse: second.id, businessclient: c.client.id })
    await receiveLine(desk.op.api, elsewhere, { sku: p.sku, quantity: 5 })
    expect((await c.api.get(`/api/orders/${order._id}`)).body.status).toBe('No goods')
    const there = await createShipment(desk.op.api, { warehouse: empty.id, businessclient: c.client.id })
    await receiveLine(desk.op.api, there, { sku: p.sku, quantity: 3 })
    const ready = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(ready).toMatchObject({
      status: 'Order Ready for picking',
      shipping: { shipFrom: { _id: empty.id } },
    })
    await desk.expectStockInvariants(c.client.id)
  })

  it('only before picking', async () => {
    const p = await desk.stocked(a.client.id, 1)
    const order = (await createOrder(asA, [{ product: p.id, quantity: 1 }])).body
    await walk(operator, order._id, ['Product Picking', 'Packed'])
    const other = await t.factory.warehouse()
    const res = await put(operator, order._id, { shipping: { shipFrom: other.id } })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain("status 'Packed'")
  })
})

describe('status with fields', () => {
  it('applies the fields, then the status, in one transaction: a refused status changes nothing', async () => {
    const order = await noGoodsOrder()
    const refused = await put(asA, order._id, { clientOrderNr: 'NEVER', status: 'New' })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('INVALID_TRANSITION')
    expect((await asA.get(`/api/orders/${order._id}`)).body).toEqual(order)
    const ok = await put(asA, order._id, { clientOrderNr: 'DRAFTED', status: 'Draft' })
    expect(ok.body).toMatchObject({ clientOrderNr: 'DRAFTED', status: 'Draft' })
    expect(logLines(ok.body).slice(-2)).toEqual([`Order number: — → DRAFTED`, 'Status: No goods → Draft'])
  })
})

describe('POST /api/orders/:id/open and GET /api/orders/assignees', () => {
  it('records who has the order open without changing it, and the order shows it', async () => {
    const order = await noGoodsOrder()
    const { user, api } = await t.userWithToken({ roles: ['finance'], username: 'reader-olga' })
    const res = await api.post(`/api/orders/${order._id}/open`)
    expect(res.status).toBe(200)
    expect(res.body.isOpenUser).toEqual({ _id: user.id, username: 'reader-olga', since: expect.any(String) })
    const seen = (await asA.get(`/api/orders/${order._id}`)).body
    expect(seen.processing.isOpenUser).toEqual(res.body.isOpenUser)
    expect(seen.updatedAt).toBe(order.updatedAt)
    expect(seen.changeLogs).toEqual(order.changeLogs)
    const list = await asA.post('/api/orders', { status: 'No goods', itemsPerPage: 0 })
    const row = list.body.list.find((o: Json) => o._id === order._id)
    expect(row.processing.isOpenUser.username).toBe('reader-olga')
    expect((await asB.post(`/api/orders/${order._id}/open`)).status).toBe(404)
  })

  it('lists enabled admins and operators by username, to staff who process orders only', async () => {
    const { user: zed } = await t.userWithToken({ roles: ['operator'], username: 'zz-operator' })
    const { user: aaa } = await t.userWithToken({ roles: ['admin', 'finance'], username: 'aa-admin' })
    const { user: off } = await t.userWithToken({ roles: ['operator'], status: 'disabled' })
    const { user: fin } = await t.userWithToken({ roles: ['finance'], username: 'ab-finance' })
    const res = await operator.get('/api/orders/assignees')
    expect(res.status).toBe(200)
    const names = res.body.map((u: Json) => u.username)
    expect(names).toEqual([...names].sort())
    expect(res.body).toEqual(expect.arrayContaining([{ _id: zed.id, username: 'zz-operator' }]))
    expect(names[0]).toBe('aa-admin')
    expect(res.body.find((u: Json) => u._id === aaa.id)).toBeTruthy()
    for (const excluded of [off.id, fin.id, a.user.id]) {
      expect(res.body.find((u: Json) => u._id === excluded)).toBeUndefined()
    }
    expect((await asA.get('/api/orders/assignees')).status).toBe(403)
    expect((await finance.get('/api/orders/assignees')).status).toBe(403)
  })
})
