import type { Json, TestApi, TestApp } from './app.ts'
import { createOrder, orderDesk, shipTo, walk } from './order-fixtures.ts'

/**
 * Invoicing helpers over one test app: a client with stocked products, an order of them (a line of 2 × 121.00
 * and one of 1 × 60.50, shipping 99, COD), and its draft invoice through the API.
 */
export async function invoiceDesk(t: TestApp) {
  const desk = await orderDesk(t)
  const operator = (await t.userWithToken({ roles: ['operator'] })).api

  async function client(overrides: Parameters<TestApp['tenantWithApi']>[0] = {}) {
    const c = await t.tenantWithApi(overrides)
    const p1 = await desk.stocked(c.client.id, 100)
    const p2 = await desk.stocked(c.client.id, 100)
    return { ...c, p1, p2 }
  }

  type Client = Awaited<ReturnType<typeof client>>

  /** An order of `c` (shipping 99, COD 401.50); `generateInvoice` sets the order's invoicing flag. */
  async function order(
    c: Client,
    extra: Json = {},
    options: { generateInvoice?: boolean } = {},
  ): Promise<Json> {
    const res = await createOrder(
      c.api,
      [
        { product: c.p1.id, quantity: 2, price: 242 },
        { product: c.p2.id, quantity: 1, price: 60.5 },
      ],
      {
        clientOrderNr: t.factory.unique('INV'),
        payment: { COD: { amount: 401.5 } },
        ...extra,
        shipTo: {
          ...shipTo,
          client: { firstName: 'Jiří', lastName: 'Dvořák', email: 'jiri@example.com' },
          ...extra.shipTo,
        },
      },
    )
    if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`)
    const admin = await t.asAdmin()
    const updated = await admin.put(`/api/orders/${res.body._id}`, {
      shipping: { shippingCost: 99 },
      ...(options.generateInvoice ? { processing: { generate_invoice: true } } : {}),
    })
    if (updated.status !== 200)
      throw new Error(`order update: ${updated.status} ${JSON.stringify(updated.body)}`)
    return updated.body
  }

  /** The order's draft invoice (POST /orders/{id}/invoice), as GET /invoices/{id} answers it. */
  async function draft(c: Client, extra: Json = {}): Promise<Json> {
    const o = await order(c, extra)
    const res = await c.api.post(`/api/orders/${o._id}/invoice`)
    if (res.status !== 200) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`)
    return (await c.api.get(`/api/invoices/${res.body.invoice._id}`)).body
  }

  async function issued(c: Client, extra: Json = {}): Promise<Json> {
    const d = await draft(c, extra)
    const res = await c.api.post(`/api/invoices/${d._id}/issue`)
    if (res.status !== 200) throw new Error(`issue: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }

  const ship = (orderId: string) => walk(operator, orderId, ['Product Picking', 'Packed', 'Shipping'])

  return { desk, operator, client, order, draft, issued, ship }
}

export const invoiceCount = async (t: TestApp) =>
  Number((await t.database.pool.query('select count(*) from invoices')).rows[0].count)

export type InvoiceApi = TestApi

/**
 * `n` copies of a draft invoice (without its order), made in the database, for tests whose subject is the
 * issuing (numbering races) rather than how drafts come about.
 */
export async function draftCopies(t: TestApp, id: string, n: number): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `with made as (
       insert into invoices (id, kind, businessclient_id, order_nr, country, currency, payment_type, netto_total,
                             vat_total, brutto_total, issued_date, tax_date, due_date, supplier, customer, ship_to)
       select gen_random_uuid(), kind, businessclient_id, 'COPY-' || g, country, currency, payment_type, netto_total,
              vat_total, brutto_total, issued_date, tax_date, due_date, supplier, customer, ship_to
       from invoices, generate_series(1, $2) g where id = $1
       returning id)
     , lines as (
       insert into invoice_items (id, invoice_id, position, name, sku, quantity, netto_price, vat_percent, price,
                                  vat_amount, netto_total, brutto_total, gross_priced)
       select gen_random_uuid(), made.id, position, name, sku, quantity, netto_price, vat_percent, price,
              vat_amount, netto_total, brutto_total, gross_priced
       from made cross join invoice_items where invoice_items.invoice_id = $1)
     select id from made`,
    [id, n],
  )
  return rows.map((r) => r.id)
}
