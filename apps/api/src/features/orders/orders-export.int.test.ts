import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'
import { readXlsx } from '../../../test/stock-fixtures.ts'
import { expectExcelDates } from '../../../test/xlsx-dates.ts'
import { EXPORT_BATCH } from './orders-export.repository.ts'

const PER_PRODUCT = '/api/orders/export/perprodcutline'
const PER_ORDER = '/api/orders/export/perorderline'
const COST = '/api/orders/export/perorderline/cost'

const orderHeaders = [
  'Order number',
  'Internal id',
  'Status',
  'Created at',
  'Updated at',
  'Business client',
  'Customer',
  'Phone',
  'Email',
  'Country',
  'Province',
  'City',
  'Street',
  'Street nr',
  'Post code',
  'Courier',
  'Warehouse',
  'Tracking id',
]

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
let other: Awaited<ReturnType<TestApp['tenantWithApi']>>
let admin: TestApi
let p1: { id: string; sku: string; name: string }
let p2: { id: string; sku: string; name: string }
let courier: { id: string; name: string }
let warehouse: { id: string; name: string }
/** c's orders o[0]..o[2], oldest created first; foreign: the other client's order. */
const o: Json[] = []
let foreign: Json

const exportAs = (token: string, url: string, body: Json = {}) => readXlsx(t, token, url, body)
/** The Internal id column of an export's rows (the header row left out). */
const internalIds = (rows: unknown[][]) => rows.slice(1).map((r) => r[1])

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  const desk = await orderDesk(t)
  warehouse = desk.op.warehouse
  // Without automatic blocking every order stays New until a client action moves it.
  c = await t.tenantWithApi({ client: { name: '=Export Client SRL', automaticBlockingGoods: false } })
  other = await t.tenantWithApi({ client: { name: 'Other Export SRL', automaticBlockingGoods: false } })
  p1 = await desk.stocked(c.client.id, 0)
  p2 = await desk.stocked(c.client.id, 0)
  courier = await t.factory.courier({ name: 'EXPORT-COURIER', country: 'Slovakia' })
  const make = async (api: TestApi, items: Json[], extra: Json) => {
    const res = await createOrder(api, items, extra)
    expect(res.status).toBe(201)
    return res.body
  }
  o.push(
    await make(
      c.api,
      [
        { product: p1.id, quantity: 2, price: 20 },
        { product: p2.id, quantity: 1, price: 5.5 },
      ],
      {
        clientOrderNr: '+EXP-1',
        shipTo: {
          country: 'Czech',
          province: 'Jihomoravský',
          city: 'Brno',
          street: 'Údolní',
          streetNr: '53',
          postcode: '602 00',
          phone: '+420 777 111 222',
          client: { firstName: 'Zdeňka', lastName: 'Procházková', email: 'zdenka@example.com' },
        },
        payment: { COD: { amount: 25.5 } },
      },
    ),
    await make(c.api, [{ product: p2.id, quantity: 3, price: 9 }], {
      clientOrderNr: 'EXP-2',
      shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Hlavná', postcode: '949 01' },
    }),
    await make(c.api, [{ product: p1.id, quantity: 1, price: 10 }], { clientOrderNr: 'EXP-3' }),
  )
  const foreignProduct = await desk.stocked(other.client.id, 0)
  foreign = await make(other.api, [{ product: foreignProduct.id, quantity: 1 }], {
    clientOrderNr: 'FOREIGN-1',
  })
  expect((await c.api.post(`/api/orders/${o[2]._id}/cancel`)).status).toBe(200)
  const q = (text: string, values: unknown[]) => t.database.pool.query(text, values)
  await q(
    `update orders set courier_id = $2, warehouse_id = $3, tracking_id = 'TRK-42', shipping_cost = 4.9,
       shipping_weight = 1200, payment_type = 'COD', payment_total = 25.5 where id = $1`,
    [o[1]._id, courier.id, warehouse.id],
  )
  await q(`update orders set payment_total = 45.5, payment_type = 'COD' where id = $1`, [o[0]._id])
  await q('update orders set created_at = $2, updated_at = $3 where id = $1', [
    o[0]._id,
    '2026-01-10T08:00:00Z',
    '2026-03-01T08:00:00Z',
  ])
  await q('update orders set created_at = $2, updated_at = $3 where id = $1', [
    o[1]._id,
    '2026-01-15T08:00:00Z',
    '2026-02-10T08:00:00Z',
  ])
  await q('update orders set created_at = $2, updated_at = $3 where id = $1', [
    o[2]._id,
    '2026-01-20T08:00:00Z',
    '2026-02-05T08:00:00Z',
  ])
})
afterAll(() => t?.close())

describe('POST /api/orders/export/perprodcutline', () => {
  it('streams one row per product line, newest order first, with formula-like text escaped', async () => {
    const res = await exportAs(c.token, PER_PRODUCT)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="orders-per-product-line-\d{4}-\d{2}-\d{2}\.xlsx"/,
    )
    expect(res.rows[0]).toEqual([
      ...orderHeaders,
      'SKU',
      'Product name',
      'Quantity',
      'Line price',
      'COD amount',
      'Payment type',
    ])
    expect(internalIds(res.rows)).toEqual([
      o[2].internalNumericId,
      o[1].internalNumericId,
      o[0].internalNumericId,
      o[0].internalNumericId,
    ])
    expect(res.rows[3]).toEqual([
      "'+EXP-1",
      o[0].internalNumericId,
      'New',
      // Created and updated at 08:00 UTC: 09:00 on a Prague clock (CET), as the business reads them.
      new Date('2026-01-10T09:00:00Z'),
      new Date('2026-03-01T09:00:00Z'),
      "'=Export Client SRL",
      'Zdeňka Procházková',
      "'+420 777 111 222",
      'zdenka@example.com',
      'Czech',
      'Jihomoravský',
      'Brno',
      'Údolní',
      '53',
      '602 00',
      // No courier, warehouse or tracking id yet: empty cells.
      undefined,
      undefined,
      undefined,
      p1.sku,
      p1.name,
      2,
      20,
      25.5,
      'COD',
    ])
    expect(res.rows[4]!.slice(18, 22)).toEqual([p2.sku, p2.name, 1, 5.5])
    expect(res.rows[2]!.slice(15, 18)).toEqual(['EXPORT-COURIER', warehouse.name, 'TRK-42'])
    expect(res.rows[1]![2]).toBe('Canceled')
  })
})

describe('the order exports’ dates', () => {
  it.each([
    [PER_PRODUCT, ['Created at', 'Updated at']],
    [PER_ORDER, ['Created at', 'Updated at']],
    [COST, ['Created at']],
  ])('%s writes %j as Excel date-times with a format, not text', async (url, headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: {},
      headers: { authorization: `Bearer ${c.token}` },
    })
    expect(res.statusCode).toBe(200)
    const rows = await expectExcelDates(res.rawPayload, { datetime: headers })
    // Created 08:00 UTC: 09:00 on a Prague clock (CET), as the business reads it.
    expect(rows.map((r) => r['Created at'])).toContainEqual(new Date('2026-01-10T09:00:00Z'))
  })
})

describe('POST /api/orders/export/perorderline', () => {
  it('streams one row per order with its lines counted and summed', async () => {
    const res = await exportAs(c.token, PER_ORDER)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/filename="orders-per-order-line-.*\.xlsx"/)
    expect(res.rows[0]).toEqual([
      ...orderHeaders,
      'Payment type',
      'Items',
      'Quantity',
      'Items summary',
      'Total',
      'COD apply',
      'COD amount',
    ])
    expect(internalIds(res.rows)).toEqual([
      o[2].internalNumericId,
      o[1].internalNumericId,
      o[0].internalNumericId,
    ])
    expect(res.rows[3]!.slice(18)).toEqual(['COD', 2, 3, `${p1.sku} ×2, ${p2.sku} ×1`, 45.5, 'Yes', 25.5])
    expect(res.rows[2]!.slice(18)).toEqual(['COD', 1, 3, `${p2.sku} ×3`, 25.5, 'No', 0])
  })
})

describe('POST /api/orders/export/perorderline/cost', () => {
  it('streams the cost per order: shipping cost, weight (recorded, else the lines’), COD and totals', async () => {
    const res = await exportAs(c.token, COST)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/filename="orders-cost-per-order-.*\.xlsx"/)
    expect(res.rows[0]).toEqual([
      'Order number',
      'Internal id',
      'Status',
      'Created at',
      'Business client',
      'Country',
      'Courier',
      'Warehouse',
      'Weight (g)',
      'Shipping cost',
      'COD amount',
      'Total',
      'Items',
      'Quantity',
    ])
    expect(res.rows[2]).toEqual([
      'EXP-2',
      o[1].internalNumericId,
      'New',
      new Date('2026-01-15T09:00:00Z'),
      "'=Export Client SRL",
      'Slovakia',
      'EXPORT-COURIER',
      warehouse.name,
      1200,
      4.9,
      0,
      25.5,
      1,
      3,
    ])
    // No shipping weight yet: 3 pieces of 250 g.
    expect(res.rows[3]!.slice(8, 10)).toEqual([750, 0])
  })
})

describe('the order exports’ selection', () => {
  it('applies the list’s filters and its order in each of the three exports, the same rows the list shows', async () => {
    const bodies: Json[] = [
      { status: 'New' },
      { country: 'Slovakia' },
      { skus: [p1.sku] },
      { product: p2.id },
      { courier: courier.id },
      { has_cod: true },
      { no_cod: true },
      { dateFrom: '2026-01-12', dateTo: '2026-01-20' },
      { use_createdAt: false, dateFrom: '2026-02-06' },
      { use_createdAt: false },
      { businessclient: c.client.id },
    ]
    // Each of the three exports, each filter: a product-line export repeats an order once per line.
    const orderIds = (rows: unknown[][]) => internalIds(rows).filter((id, i, all) => id !== all[i - 1])
    for (const url of [PER_PRODUCT, PER_ORDER, COST])
      for (const body of bodies) {
        const listed = await c.api.post('/api/orders', { ...body, itemsPerPage: 0 })
        expect(listed.status).toBe(200)
        const res = await exportAs(c.token, url, body)
        expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(200)
        expect(orderIds(res.rows), `${url} ${JSON.stringify(body)}`).toEqual(
          listed.body.list.map((r: Json) => r.internalNumericId),
        )
      }
  })

  it('exports the selected rows only (filters ignored), newest first', async () => {
    const res = await exportAs(c.token, PER_ORDER, { ids: [o[0]._id, o[2]._id], country: 'Slovakia' })
    expect(internalIds(res.rows)).toEqual([o[2].internalNumericId, o[0].internalNumericId])
  })

  it("answers 404 'No objects were found for export' when nothing matches", async () => {
    for (const url of [PER_PRODUCT, PER_ORDER, COST]) {
      const res = await c.api.post(url, { country: 'Atlantis' })
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'No objects were found for export' })
    }
  })

  it('never exports another client’s orders to a client, by filter or by id', async () => {
    const own = await exportAs(other.token, PER_ORDER)
    expect(own.rows.slice(1).map((r) => r[0])).toEqual(['FOREIGN-1'])
    const byClient = await other.api.post(PER_ORDER, { businessclient: c.client.id })
    expect(byClient.status).toBe(404)
    const byId = await other.api.post(PER_PRODUCT, { ids: [o[0]._id] })
    expect(byId.status).toBe(404)
    expect(byId.body.message).toBe('No objects were found for export')
    const mixed = await exportAs(other.token, COST, { ids: [o[0]._id, foreign._id] })
    expect(mixed.rows.slice(1).map((r) => r[0])).toEqual(['FOREIGN-1'])
  })

  it('exports every client’s orders to staff', async () => {
    const res = await exportAs((await t.userWithToken({ roles: ['finance'] })).token, PER_ORDER, {
      ids: [o[1]._id, foreign._id],
    })
    expect(
      res.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['EXP-2', 'FOREIGN-1'])
    expect((await admin.post(PER_ORDER, {})).status).toBe(200)
  })

  it('rejects bad input with 400 and the field', async () => {
    const cases: [Json, string][] = [
      [{ ids: [] }, 'ids'],
      [{ status: 'Lost' }, 'status'],
      [{ dateFrom: 'yesterday' }, 'dateFrom'],
      [{ currentPage: 2 }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await c.api.post(PER_ORDER, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      if (field) expect(Object.keys(res.body.details)).toContain(field)
    }
  })
})

describe('an export larger than one batch', () => {
  it('reads every order exactly once, in order, even when their dates differ only by microseconds', async () => {
    const bulk = await t.tenantWithApi({ client: { name: 'Bulk Export SRL' } })
    const n = EXPORT_BATCH * 2 + 7
    // Dates a microsecond apart (and ties): a cursor kept in milliseconds would skip or repeat orders.
    await t.database.pool.query(
      `insert into orders (id, businessclient_id, client_order_nr, ship_to_country, ship_to_city, ship_to_street,
         ship_to_postcode, ship_to_client, created_at)
       select gen_random_uuid(), $1, 'BULK-' || i, 'Czech', 'Brno', 'Údolní', '602 00',
         '{"firstName":"","lastName":"","email":"","phone":""}'::jsonb,
         '2026-01-01T00:00:00.000Z'::timestamptz + ((i % 5) * interval '1 microsecond')
       from generate_series(1, $2::int) i`,
      [bulk.client.id, n],
    )
    const { rows: expected } = await t.database.pool.query(
      'select internal_numeric_id::int as n from orders o where businessclient_id = $1 order by o.created_at desc, o.id desc',
      [bulk.client.id],
    )
    const res = await exportAs(bulk.token, COST)
    expect(res.status).toBe(200)
    expect(internalIds(res.rows)).toEqual(expected.map((r) => r.n))
  })
})
