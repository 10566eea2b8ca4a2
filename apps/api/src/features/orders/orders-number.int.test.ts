import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'
import { idempotencyKeys, orders } from '../../db/schema/index.ts'

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
beforeAll(async () => {
  t = await createTestApp()
  desk = await orderDesk(t)
})
afterAll(() => t?.close())

const ordersNumbered = async (businessclientId: string, clientOrderNr: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.businessclientId, businessclientId), eq(orders.clientOrderNr, clientOrderNr)))
  )[0]!.n

const expectDuplicate = (res: Json, holder: Json) => {
  expect(res.status).toBe(409)
  expect(res.body).toMatchObject({
    code: 'DUPLICATE_ORDER_NUMBER',
    existing: { _id: holder._id, name: String(holder.internalNumericId) },
    details: { clientOrderNr: `is already used by order ${holder.internalNumericId}` },
  })
  expect(res.body.message).toContain(String(holder.internalNumericId))
}

describe('one active order per order number and business client', () => {
  it('refuses a second order with the number (409 DUPLICATE_ORDER_NUMBER naming the first), creating nothing', async () => {
    const c = await t.tenantWithApi()
    const first = (await createOrder(c.api, [], { clientOrderNr: 'SHOP-1001' })).body
    const again = await createOrder(c.api, [], { clientOrderNr: 'SHOP-1001' })
    expectDuplicate(again, first)
    expect(await ordersNumbered(c.client.id, 'SHOP-1001')).toBe(1)
  })

  it('creates exactly one order when 50 identical creates race, and refuses the rest naming it', async () => {
    const c = await t.tenantWithApi()
    const product = await desk.stocked(c.client.id, 3)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        createOrder(c.api, [{ product: product.id, quantity: 1 }], { clientOrderNr: 'RACE-7' }),
      ),
    )
    const created = answers.filter((a) => a.status === 201)
    expect(created).toHaveLength(1)
    for (const refused of answers.filter((a) => a.status !== 201)) expectDuplicate(refused, created[0]!.body)
    expect(await ordersNumbered(c.client.id, 'RACE-7')).toBe(1)
    // One order blocked one unit: the retries blocked nothing.
    expect(await desk.card(c.client.id, product.sku)).toMatchObject({ available: 2, blocked: 1 })
  })

  it('lets another business client, an empty number and a Canceled order’s number be used again', async () => {
    const a = await t.tenantWithApi()
    const b = await t.tenantWithApi()
    const first = (await createOrder(a.api, [], { clientOrderNr: 'SAME-1' })).body
    expect((await createOrder(b.api, [], { clientOrderNr: 'SAME-1' })).status).toBe(201)
    expect((await createOrder(a.api, [])).status).toBe(201)
    expect((await createOrder(a.api, [])).status).toBe(201)
    expect((await a.api.post(`/api/orders/${first._id}/cancel`)).status).toBe(200)
    expect((await createOrder(a.api, [], { clientOrderNr: 'SAME-1' })).status).toBe(201)
  })

  it('refuses renaming an active order to a number another active order holds', async () => {
    const c = await t.tenantWithApi()
    const first = (await createOrder(c.api, [], { clientOrderNr: 'REN-1' })).body
    const second = (await createOrder(c.api, [], { clientOrderNr: 'REN-2' })).body
    const res = await c.api.put(`/api/orders/${second._id}`, { clientOrderNr: 'REN-1' })
    expectDuplicate(res, first)
    expect((await c.api.get(`/api/orders/${second._id}`)).body.clientOrderNr).toBe('REN-2')
    expect((await c.api.put(`/api/orders/${second._id}`, { clientOrderNr: 'REN-3' })).status).toBe(200)
  })

  it('gives a Duplicate (Draft) the number, and refuses to validate it while the original holds it', async () => {
    const c = await t.tenantWithApi()
    const original = (await createOrder(c.api, [], { clientOrderNr: 'DUPL-1' })).body
    const copy = (await c.api.get(`/api/orders/${original._id}/duplicate`)).body
    expect(copy).toMatchObject({ status: 'Draft', clientOrderNr: 'DUPL-1' })
    expectDuplicate(await c.api.put(`/api/orders/${copy._id}`, { status: 'New' }), original)
    expect((await c.api.get(`/api/orders/${copy._id}`)).body.status).toBe('Draft')
    // With a number of its own the copy validates.
    expect((await c.api.put(`/api/orders/${copy._id}`, { clientOrderNr: 'DUPL-1-R' })).status).toBe(200)
    expect((await c.api.put(`/api/orders/${copy._id}`, { status: 'New' })).body.status).toBe('New')
  })

  it('reports a bulk Validate refused for the number with its reason, and changes the others', async () => {
    const c = await t.tenantWithApi()
    const holder = (await createOrder(c.api, [], { clientOrderNr: 'BULK-N' })).body
    const copy = (await c.api.get(`/api/orders/${holder._id}/duplicate`)).body
    const draft = (await createOrder(c.api, [], { clientOrderNr: 'BULK-M' })).body
    await c.api.put(`/api/orders/${draft._id}`, { status: 'Draft' })
    const res = await c.api.put('/api/orders', { orders: [copy._id, draft._id], status: 'New' })
    expect(res.status).toBe(200)
    expect(res.body.updated).toBe(1)
    expect(res.body.failedOrders).toEqual([
      expect.objectContaining({ _id: copy._id, reason: 'duplicateNumber', status: 'Draft' }),
    ])
  })
})

describe('Idempotency-Key on create calls', () => {
  const post = (api: Json, key: string | undefined, payload: unknown) =>
    api.request({
      method: 'POST',
      url: '/api/orders/create/new',
      payload,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    })
  const order = (nr = '') => ({
    clientOrderNr: nr,
    shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', postcode: '602 00' },
  })

  it('answers a retry with the first answer and creates one order', async () => {
    const c = await t.tenantWithApi()
    const first = await post(c.api, 'key-0001', order())
    expect(first.status).toBe(201)
    const retry = await post(c.api, 'key-0001', order())
    expect(retry.status).toBe(201)
    expect(retry.headers['idempotent-replayed']).toBe('true')
    expect(retry.body).toEqual(first.body)
    expect(await ordersNumbered(c.client.id, '')).toBe(1)
  })

  it('creates one order for 500 parallel calls with one key, answering each the same order', async () => {
    const c = await t.tenantWithApi()
    const answers = await Promise.all(Array.from({ length: 500 }, () => post(c.api, 'burst-key', order())))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]))
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1)
    expect(await ordersNumbered(c.client.id, '')).toBe(1)
  })

  it('refuses the same key with another request (422), and keys of other users are their own', async () => {
    const c = await t.tenantWithApi()
    const other = await t.tenantWithApi()
    expect((await post(c.api, 'shared-key', order('K-1'))).status).toBe(201)
    const reused = await post(c.api, 'shared-key', order('K-2'))
    expect(reused.status).toBe(422)
    expect(reused.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: { 'headers.idempotency-key': 'was used for another request' },
    })
    const theirs = await post(other.api, 'shared-key', order('K-1'))
    expect(theirs.status).toBe(201)
    expect(theirs.body.businessclient._id).toBe(other.client.id)
  })

  it('frees the key of a refused first call, so a corrected retry runs', async () => {
    const c = await t.tenantWithApi()
    const holder = (await createOrder(c.api, [], { clientOrderNr: 'IDEM-DUP' })).body
    expectDuplicate(await post(c.api, 'retry-after-409', order('IDEM-DUP')), holder)
    expectDuplicate(await post(c.api, 'retry-after-409', order('IDEM-DUP')), holder)
    await c.api.post(`/api/orders/${holder._id}/cancel`)
    expect((await post(c.api, 'retry-after-409', order('IDEM-DUP'))).status).toBe(201)
  })

  it('keeps an answer for a day: then the maintenance job forgets it and the key is free again', async () => {
    const c = await t.tenantWithApi()
    const first = await post(c.api, 'day-old-key', order())
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'day-old-key'))
    expect(await t.maintenance.idempotencyKeys()).toBeGreaterThanOrEqual(1)
    const again = await post(c.api, 'day-old-key', order())
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    expect(again.body._id).not.toBe(first.body._id)
  })

  it('refuses a malformed key (400 naming the header) and creates nothing', async () => {
    const c = await t.tenantWithApi()
    for (const key of ['with space', 'x'.repeat(256), 'ünïcode']) {
      const res = await post(c.api, key, order('BADKEY'))
      expect(res.status, key).toBe(400)
      expect(res.body.details).toHaveProperty(['headers.idempotency-key'])
    }
    expect(await ordersNumbered(c.client.id, 'BADKEY')).toBe(0)
  })
})
