import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { walk } from '../../../test/order-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from '../../../test/shoptet.ts'
import {
  type ConnectedShop,
  connectedShop,
  deliver,
  importedOrders,
} from '../../../test/shoptet-orders-fixtures.ts'
import { businessClients, eshops, invoiceRequests, orders, shoptetInvoices } from '../../db/schema/index.ts'
import { createShoptetOrdersRepository } from './shoptet-orders.repository.ts'
import { pullInvoices } from './use-cases/pull-invoices.ts'

/**
 * Shoptet's own invoices (FINANCE.md "Shoptet and our invoices"): a shop set to Shoptet invoices gets its
 * invoices' numbers, totals and PDFs from Shoptet, and Expedo issues none for its orders.
 */
let bed: ShoptetTestbed
let t: TestApp

beforeAll(async () => {
  bed = await startShoptet()
  t = await createTestApp({ env: shoptetEnv(bed) })
})
afterAll(async () => {
  await t?.close()
  await bed?.close()
})

/** Vyřízena: a status whose documents.generateInvoice makes Shoptet issue the order's invoice. */
const DONE_STATUS_ID = -3

const detail = async (s: ConnectedShop, orderId: string) => {
  const res = await s.tenant.api.get(`/api/orders/${orderId}`)
  expect(res.status).toBe(200)
  return res.body
}

const pdf = async (token: string, orderId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/shoptet-invoice/pdf`,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload }
}

const storedInvoices = (eshopId: string) =>
  t.db.select().from(shoptetInvoices).where(eq(shoptetInvoices.eshopId, eshopId))

describe('a shop set to Shoptet invoices', () => {
  let s: ConnectedShop
  let code: string
  let orderId: string

  beforeAll(async () => {
    s = await connectedShop(t, bed, { settings: { invoicing: 'shoptet' } })
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 2 }] })
    code = order.code
    await t.services.shoptetOrders.pull(s.eshop.id)
    orderId = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === code)!.id
  })

  it('imports its orders without Expedo invoicing, and says Shoptet has issued no invoice yet', async () => {
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.id === orderId)
    expect(row!.generateInvoice).toBe(false)
    const order = await detail(s, orderId)
    expect(order).toMatchObject({ invoicing: 'shoptet', shoptetInvoice: null, invoice: null })
    expect((await pdf(s.tenant.token, orderId)).status).toBe(404)
  })

  it('shows the invoice Shoptet issued when the order was done, after the next pull, once', async () => {
    bed.fake.updateOrder(s.shoptetEshopId, code, { statusId: DONE_STATUS_ID })
    const [issued] = bed.fake.shop(s.shoptetEshopId).invoices.filter((i) => i.orderCode === code)
    expect(issued).toBeDefined()

    await t.services.shoptetOrders.pull(s.eshop.id)
    await t.services.shoptetOrders.pull(s.eshop.id)

    expect(await storedInvoices(s.eshop.id)).toHaveLength(1)
    const order = await detail(s, orderId)
    expect(order.shoptetInvoice).toEqual({
      code: issued!.code,
      varSymbol: String(issued!.varSymbol),
      isValid: true,
      issuedAt: expect.any(String),
      dueDate: issued!.dueDate,
      currency: issued!.price.currencyCode,
      total: Number(issued!.price.withVat),
      paid: issued!.paid,
      pdfUrl: `/api/orders/${orderId}/shoptet-invoice/pdf`,
    })
    expect(order.invoice).toBeNull()
  })

  it('serves the PDF Shoptet makes, to the order’s client and to finance, and to nobody else', async () => {
    const { code: number } = (await detail(s, orderId)).shoptetInvoice
    const mine = await pdf(s.tenant.token, orderId)
    expect(mine.status).toBe(200)
    expect(mine.type).toBe('application/pdf')
    expect(pdfText(mine.bytes)).toContain(number)

    const finance = await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })
    expect((await pdf(finance.token, orderId)).status).toBe(200)

    const other = await t.tenantWithApi()
    const refused = await pdf(other.token, orderId)
    expect(refused.status).toBe(404)
    expect(refused.bytes.toString()).not.toContain('%PDF')
    const operator = await t.userWithToken({ roles: ['operator'], username: t.factory.unique('op') })
    expect((await pdf(operator.token, orderId)).status).toBe(403)
  })

  it('answers 503 when Shoptet fails to give the PDF, and the PDF again once it does', async () => {
    bed.fake.failNext(1, 500)
    const failed = await pdf(s.tenant.token, orderId)
    expect(failed.status).toBe(503)
    expect(failed.bytes.toString()).not.toMatch(/token/i)
    expect((await pdf(s.tenant.token, orderId)).status).toBe(200)
  })

  it('follows Shoptet: a payment, a cancelled invoice replaced by a new one, a deleted one', async () => {
    const first = (await detail(s, orderId)).shoptetInvoice.code as string
    bed.fake.updateInvoice(s.shoptetEshopId, first, { paid: true })
    await t.services.shoptetOrders.pull(s.eshop.id)
    expect((await detail(s, orderId)).shoptetInvoice).toMatchObject({ code: first, paid: true })

    bed.fake.updateInvoice(s.shoptetEshopId, first, { isValid: false })
    await t.services.shoptetOrders.pull(s.eshop.id)
    expect((await detail(s, orderId)).shoptetInvoice).toMatchObject({ code: first, isValid: false })

    const second = bed.fake.issueInvoice(s.shoptetEshopId, code)
    await t.services.shoptetOrders.pull(s.eshop.id)
    expect((await detail(s, orderId)).shoptetInvoice).toMatchObject({ code: second.code, isValid: true })

    bed.fake.deleteInvoice(s.shoptetEshopId, second.code)
    bed.fake.deleteInvoice(s.shoptetEshopId, first)
    await t.services.shoptetOrders.pull(s.eshop.id)
    expect((await detail(s, orderId)).shoptetInvoice).toBeNull()
    expect((await pdf(s.tenant.token, orderId)).status).toBe(404)
  })

  it('never lets Expedo invoice the order as well', async () => {
    const toggle = await s.tenant.api.put(`/api/orders/${orderId}`, {
      processing: { generate_invoice: true },
    })
    expect(toggle.status).toBe(400)
    expect(toggle.body.details).toHaveProperty(['processing.generate_invoice'])
    const generate = await s.tenant.api.post(`/api/orders/${orderId}/invoice`)
    expect(generate.status).toBe(409)
    expect(generate.body.message).toContain('Shoptet invoices')
    const order = await detail(s, orderId)
    expect(order.processing.generate_invoice).toBe(false)
    expect(order.invoice).toBeNull()
  })

  it('an order with invoicing on from before the switch gets no Expedo invoice when it ships', async () => {
    await t.db
      .update(businessClients)
      .set({ invoicingAutoGenerate: true })
      .where(eq(businessClients.id, s.tenant.client.id))
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[1]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const row = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === order.code)!
    // Switched on while the shop still invoiced with Expedo.
    await t.db.update(orders).set({ generateInvoice: true }).where(eq(orders.id, row.id))
    const operator = await t.userWithToken({ roles: ['operator'], username: t.factory.unique('op') })
    await walk(operator.api, row.id, ['Product Picking', 'Packed', 'Shipping'])
    await t.queue.idle()
    expect(await t.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, row.id))).toEqual([])
    expect(await t.services.invoices.issueRequested()).toBe(0)
    expect((await detail(s, row.id)).invoice).toBeNull()
  })

  it('loses no invoice when Shoptet fails during the pull: the cursor stays and the next pull stores it', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const issued = bed.fake.issueInvoice(s.shoptetEshopId, order.code)
    const repo = createShoptetOrdersRepository(t.db)
    const before = (await repo.connection(s.eshop.id))!
    const api = t.shoptetAccess.shoptetApiFor(s.eshop.id)

    bed.fake.failNext(1, 503)
    await expect(pullInvoices({ db: t.db, log: console }, before, api)).rejects.toThrow()
    expect((await repo.connection(s.eshop.id))!.invoicesCursor).toEqual(before.invoicesCursor)
    expect(
      await t.db
        .select()
        .from(shoptetInvoices)
        .where(and(eq(shoptetInvoices.eshopId, s.eshop.id), eq(shoptetInvoices.code, issued.code))),
    ).toHaveLength(0)

    const result = await pullInvoices({ db: t.db, log: console }, before, api)
    expect(result.stored).toBeGreaterThanOrEqual(1)
    const imported = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === order.code)!
    expect((await detail(s, imported.id)).shoptetInvoice).toMatchObject({ code: issued.code })
  })
})

describe('the invoice by the webhook path', () => {
  it('the order’s status webhook brings the invoice Shoptet issued, without waiting for the 2-minute pull', async () => {
    const s = await connectedShop(t, bed, { settings: { invoicing: 'shoptet' } })
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    // The pull is not due: only the delivery's sync can bring the invoice in.
    await t.db.update(eshops).set({ lastSyncAt: new Date() }).where(eq(eshops.id, s.eshop.id))
    bed.fake.updateOrder(s.shoptetEshopId, order.code, { statusId: DONE_STATUS_ID })
    await bed.fake.idle()
    const d = bed.fake.deliveries.findLast(
      (x) => x.event === 'order:update' && x.eventInstance === order.code,
    )
    expect((await deliver(t, d!.body, d!.signature)).statusCode).toBe(200)
    await t.queue.idle()

    const [invoice] = bed.fake.shop(s.shoptetEshopId).invoices
    const row = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === order.code)!
    expect((await detail(s, row.id)).shoptetInvoice).toMatchObject({ code: invoice!.code, isValid: true })
  })
})

describe('a shop set to Expedo invoices', () => {
  it('does not read Shoptet’s invoices, and the order says Expedo invoices it', async () => {
    const s = await connectedShop(t, bed)
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    bed.fake.issueInvoice(s.shoptetEshopId, order.code)
    await t.services.shoptetOrders.pull(s.eshop.id)

    expect(await storedInvoices(s.eshop.id)).toHaveLength(0)
    const row = (await importedOrders(t, s.eshop.id)).find((o) => o.eshopOrderCode === order.code)!
    expect(await detail(s, row.id)).toMatchObject({ invoicing: 'expedo', shoptetInvoice: null })
  })
})
