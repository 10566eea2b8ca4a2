import { COUNT_CAP } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApi, TestApp } from './app.ts'
import { createTestApp } from './app.ts'
import { draftCopies, invoiceDesk } from './invoice-fixtures.ts'
import { createOrder } from './order-fixtures.ts'
import { createShipment, productFor, receiveLine, receivingDesk } from './stock-fixtures.ts'

/**
 * The lists whose tables grow without end count their matches up to COUNT_CAP (cappedCount in
 * platform/db/paging.ts): past it the answer says `total` COUNT_CAP with `totalCapped`, and the pager says
 * "more than 10,000", as the orders, products and refunds lists do. Fewer matches are counted exactly.
 */
const MORE = COUNT_CAP + 5

let t: TestApp
let operator: TestApi
let warehouseId: string
let sku: string
let productId: string
let shipmentId: string
let orderId: string
let businessclientId: string
const query = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params).then((r) => r.rows)

beforeAll(async () => {
  t = await createTestApp()
  const desk = await receivingDesk(t)
  operator = desk.api
  warehouseId = desk.warehouse.id
  const c = await t.tenantWithApi()
  businessclientId = c.client.id
  const product = await productFor(t, businessclientId)
  sku = product.sku
  productId = product.id
  shipmentId = await createShipment(operator, { warehouse: warehouseId, businessclient: businessclientId })
  await receiveLine(operator, shipmentId, { sku, quantity: 1 })
  orderId = (await createOrder(c.api, [])).body._id
}, 120_000)
afterAll(() => t?.close())

const capped = { total: COUNT_CAP, totalCapped: true }

describe('a list with more than COUNT_CAP matches says "more than", with an exact count below it', () => {
  it('stock movements of a card and of a product', async () => {
    const card = `/api/warehouse/${warehouseId}/inventory/${encodeURIComponent(sku)}/movement/0/10`
    const before = await operator.get(card)
    expect(before.body.total, JSON.stringify(before.body)).toBe(1)
    expect(before.body).not.toHaveProperty('totalCapped')
    await query(
      `insert into stock_movements (id, inventory_card_id, quantity, quantity_available, total_after, triggred_by, description)
       select gen_random_uuid(), m.inventory_card_id, 0, m.quantity_available, m.total_after, 'Adjustment', 'Counted ' || g
       from stock_movements m, generate_series(1, $2::int) g
       where m.inventory_card_id = (select id from inventory_cards where sku = $1)`,
      [sku, MORE],
    )
    const res = await operator.get(card)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(capped)
    expect(res.body.list).toHaveLength(10)
    const ofProduct = await operator.post(`/api/products/${productId}/movements`, { itemsPerPage: 10 })
    expect(ofProduct.status).toBe(200)
    expect(ofProduct.body).toMatchObject(capped)
    const few = await operator.post(`/api/products/${productId}/movements`, { description: 'Counted 10003' })
    expect(few.body.total).toBe(1)
    expect(few.body).not.toHaveProperty('totalCapped')
  })

  it('inbound shipments', async () => {
    const list = () =>
      operator.post('/api/shipments/inbound', { filters: { businessclient: businessclientId } })
    expect((await list()).body).toMatchObject({ total: 1 })
    await query(
      `insert into inbound_shipments (id, businessclient_id, warehouse_id, transporter)
       select gen_random_uuid(), $1, $2, 'PPL' from generate_series(1, $3::int)`,
      [businessclientId, warehouseId, MORE],
    )
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(capped)
  })

  it('invoices searched by order or invoice number (credit notes share the list)', async () => {
    const d = await invoiceDesk(t)
    const c = await d.client()
    const draft = await d.draft(c)
    await draftCopies(t, draft._id, MORE)
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    const res = await finance.get('/api/invoices', { clientOrderNr: 'COPY-' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ...capped, message: `More than ${COUNT_CAP} invoices found` })
    const one = await finance.get('/api/invoices', { clientOrderNr: 'COPY-10004' })
    expect(one.body.total).toBe(1)
    expect(one.body).not.toHaveProperty('totalCapped')
  })

  it('returned parcels', async () => {
    const list = (q: Record<string, string> = {}) =>
      operator.get('/api/parcels/inbound', { businessclient: businessclientId, ...q })
    await query(
      `insert into inbound_parcels (id, businessclient_id, order_id, warehouse_id, tracking_id)
       select gen_random_uuid(), $1, $2, $3, 'TRK' || g from generate_series(1, $4::int) g`,
      [businessclientId, orderId, warehouseId, MORE],
    )
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(capped)
    const one = await list({ searchTerm: 'TRK10004' })
    expect(one.body.total).toBe(1)
    expect(one.body).not.toHaveProperty('totalCapped')
  })
})
