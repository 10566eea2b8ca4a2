import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from '../../../test/shoptet.ts'
import {
  type ConnectedShop,
  connectedShop,
  deliver,
  importedOrders,
  signedDelivery,
} from '../../../test/shoptet-orders-fixtures.ts'
import { eshops, shoptetApiTokens, shoptetWebhookDeliveries } from '../../db/schema/index.ts'

let bed: ShoptetTestbed
let t: TestApp
let s: ConnectedShop

beforeAll(async () => {
  bed = await startShoptet()
  t = await createTestApp({ env: shoptetEnv(bed) })
  s = await connectedShop(t, bed)
})
afterAll(async () => {
  await t?.close()
  await bed?.close()
})

const deliveriesOf = (eshopId: string) =>
  t.db.select().from(shoptetWebhookDeliveries).where(eq(shoptetWebhookDeliveries.eshopId, eshopId))

/** The fake's signed delivery of `event` for `code` (it could not reach us: the body and signature are kept). */
async function fakeDelivery(event: string, code: string) {
  await bed.fake.idle()
  const d = bed.fake.deliveries.findLast((x) => x.event === event && x.eventInstance === code)
  if (!d) throw new Error(`no ${event} delivery for ${code}`)
  return d
}

describe('POST /api/shoptet/webhooks', () => {
  it('stores a delivery signed with the shop’s key and imports the order it names', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    const d = await fakeDelivery('order:create', order.code)
    const res = await deliver(t, d.body, d.signature)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ received: true })
    await t.queue.idle()
    const stored = (await deliveriesOf(s.eshop.id)).filter((r) => r.eventInstance === order.code)
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ event: 'order:create', error: null })
    expect(stored[0]!.processedAt).not.toBeNull()
    expect((await importedOrders(t, s.eshop.id)).map((o) => o.eshopOrderCode)).toContain(order.code)
  })

  it('the webhook path alone imports (no pull could see the order)', async () => {
    // The pull is not due and its cursor is past every change: only the delivery can bring the order in.
    await t.db
      .update(eshops)
      .set({ lastSyncAt: new Date(), ordersCursor: new Date(Date.now() + 3_600_000) })
      .where(eq(eshops.id, s.eshop.id))
    expect((await t.services.shoptetOrders.pull(s.eshop.id))?.changes).toBe(0)
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[1]!.sku, amount: 2 }] })
    const { body, signature } = signedDelivery(s.shoptetEshopId, 'order:create', order.code, s.signatureKey)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shoptet/webhooks',
      headers: { 'content-type': 'application/json', 'shoptet-webhook-signature': signature },
      payload: body,
    })
    expect(res.statusCode).toBe(200)
    await t.queue.idle()
    const result = await t.services.shoptetOrders.processDeliveries(s.eshop.id)
    expect(result.failed).toBe(0)
    const row = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === order.code)
    expect(row).toBeDefined()
  })

  it('answers 401 and stores nothing for a bad, a missing or a foreign signature, or an unknown shop', async () => {
    const before = (await deliveriesOf(s.eshop.id)).length
    const { body, signature } = signedDelivery(s.shoptetEshopId, 'order:create', '9999001', s.signatureKey)
    const tampered = body.replace('9999001', '9999002')
    const wrongKey = signedDelivery(s.shoptetEshopId, 'order:create', '9999003', 'not-the-key')
    const unknownShop = signedDelivery(987654, 'order:create', '9999004', s.signatureKey)
    for (const [payload, sig] of [
      [tampered, signature],
      [body, null],
      [body, ''],
      [body, 'zz'],
      [wrongKey.body, wrongKey.signature],
      [unknownShop.body, unknownShop.signature],
    ] as const) {
      const res = await deliver(t, payload, sig)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
    expect((await deliveriesOf(s.eshop.id)).length).toBe(before)
  })

  it('answers 400 naming the field for a body that is not a delivery', async () => {
    const res = await deliver(t, JSON.stringify({ eshopId: 'x', event: 'order:create' }), 'ab'.repeat(20))
    expect(res.statusCode).toBe(400)
    expect(res.json().details).toHaveProperty('eshopId')
    expect((await deliver(t, '{not json', 'ab'.repeat(20))).statusCode).toBe(400)
  })

  it('a delivery replayed 10 times is stored once and makes one order', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    const d = await fakeDelivery('order:create', order.code)
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, d.body, d.signature)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    await t.queue.idle()
    await t.services.shoptetOrders.processDeliveries(s.eshop.id)
    expect((await deliveriesOf(s.eshop.id)).filter((r) => r.eventInstance === order.code)).toHaveLength(1)
    const rows = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(rows).toHaveLength(1)
    const detail = await s.tenant.api.get(`/api/orders/${rows[0]!.id}`)
    expect(detail.body.changeLogs.filter((l: { what: string }) => l.what.includes('imported'))).toHaveLength(
      1,
    )
  })

  it('order:delete cancels the order; a shipped one keeps its status and gets an error message', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.importOrder(s.eshop.id, order.code)
    bed.fake.deleteOrder(s.shoptetEshopId, order.code)
    const d = await fakeDelivery('order:delete', order.code)
    expect((await deliver(t, d.body, d.signature)).statusCode).toBe(200)
    await t.queue.idle()
    await t.services.shoptetOrders.processDeliveries(s.eshop.id)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(row!.status).toBe('Canceled')

    const packed = bed.fake.createOrder(s.shoptetEshopId, {
      items: [{ code: s.products[0]!.sku, amount: 1 }],
    })
    await t.services.shoptetOrders.importOrder(s.eshop.id, packed.code)
    const [p] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === packed.code)
    const op = s.desk.op.api
    for (const status of ['Product Picking', 'Packed'])
      expect((await op.put(`/api/orders/${p!.id}`, { status })).status).toBe(200)
    bed.fake.deleteOrder(s.shoptetEshopId, packed.code)
    const del = signedDelivery(s.shoptetEshopId, 'order:delete', packed.code, s.signatureKey)
    expect((await deliver(t, del.body, del.signature)).statusCode).toBe(200)
    await t.queue.idle()
    await t.services.shoptetOrders.processDeliveries(s.eshop.id)
    const [after] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === packed.code)
    expect(after!.status).toBe('Packed')
    expect(after!.errMsgs.join()).toContain('Deleted in the e-shop')
  })
})

describe('tracking write-back', () => {
  it('writes the tracking number and the chosen status back to Shoptet when the order ships', async () => {
    await t.db
      .update(eshops)
      .set({ shippedStatusId: -2, suppressEmailSending: true })
      .where(eq(eshops.id, s.eshop.id))
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.importOrder(s.eshop.id, order.code)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    const op = s.desk.op.api
    const tracking = `TRK${'1234567890'.repeat(4)}` // 43 characters: Shoptet keeps 32
    expect((await op.put(`/api/orders/${row!.id}`, { shipping: { trackingId: tracking } })).status).toBe(200)
    for (const status of ['Product Picking', 'Packed', 'Shipping'])
      expect((await op.put(`/api/orders/${row!.id}`, { status })).status).toBe(200)
    await t.queue.idle()
    const notes = bed.fake.notesWritesOf(s.shoptetEshopId).filter((n) => n.code === order.code)
    expect(notes.map((n) => n.body)).toEqual([{ trackingNumber: tracking.slice(0, 32) }])
    const statuses = bed.fake.statusChangesOf(s.shoptetEshopId).filter((c) => c.code === order.code)
    expect(statuses).toHaveLength(1)
    expect(statuses[0]!.body).toEqual({ statusId: -2 })
    expect(statuses[0]!.query).toMatchObject({ suppressEmailSending: 'true' })
    // Done: the minutely task finds nothing more to write.
    expect(await t.services.shoptetOrders.writeBackTracking()).toBe(0)
    expect(bed.fake.notesWritesOf(s.shoptetEshopId).filter((n) => n.code === order.code)).toHaveLength(1)
  })

  it('retries a write-back Shoptet failed, until it is written', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[1]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.importOrder(s.eshop.id, order.code)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    const op = s.desk.op.api
    await op.put(`/api/orders/${row!.id}`, { shipping: { trackingId: 'RETRY-1' } })
    for (const status of ['Product Picking', 'Packed']) await op.put(`/api/orders/${row!.id}`, { status })
    bed.fake.failNext(20, 503)
    expect((await op.put(`/api/orders/${row!.id}`, { status: 'Shipping' })).status).toBe(200)
    await t.queue.idle()
    expect(bed.fake.notesWritesOf(s.shoptetEshopId).filter((n) => n.code === order.code)).toEqual([])
    bed.fake.failNext(0)
    await t.db.execute(`update eshop_tracking_requests set next_attempt_at = now() - interval '1 second'`)
    expect(await t.services.shoptetOrders.writeBackTracking()).toBeGreaterThanOrEqual(1)
    expect(bed.fake.notesWritesOf(s.shoptetEshopId).filter((n) => n.code === order.code)).toHaveLength(1)
  })
})

describe('addon:uninstall', () => {
  it('deletes the tokens and the key, marks the connection inactive and stops its pulls', async () => {
    const u = await connectedShop(t, bed)
    await u.api.getEshop() // an API token is cached in the database
    expect(
      await t.db.select().from(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, u.eshop.id)),
    ).toHaveLength(1)
    await bed.fake.uninstall(u.shoptetEshopId)
    const d = await fakeDelivery('addon:uninstall', String(u.shoptetEshopId))
    expect((await deliver(t, d.body, d.signature)).statusCode).toBe(200)
    await t.queue.idle()
    await t.services.shoptetOrders.processDeliveries(u.eshop.id)
    const [row] = await t.db.select().from(eshops).where(eq(eshops.id, u.eshop.id))
    expect(row).toMatchObject({ isActive: false, webhookSignatureKey: null, oauthAccessToken: null })
    expect(row!.uninstalledAt).not.toBeNull()
    expect(
      await t.db.select().from(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, u.eshop.id)),
    ).toEqual([])
    expect(await t.services.shoptetOrders.pull(u.eshop.id)).toBeUndefined()
    // The key is gone: the same delivery again is refused.
    expect((await deliver(t, d.body, d.signature)).statusCode).toBe(401)
  })
})
