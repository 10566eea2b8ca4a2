import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import {
  createShipment,
  productFor,
  readXlsx,
  receiveLine,
  receivingDesk,
} from '../../../test/stock-fixtures.ts'
import { expectExcelDates } from '../../../test/xlsx-dates.ts'

let t: TestApp
let desk: Awaited<ReturnType<typeof receivingDesk>>
let clientToken: string
let operatorToken: string
let clientB: string

beforeAll(async () => {
  t = await createTestApp()
  desk = await receivingDesk(t)
  operatorToken = await t.tokenFor(desk.user)
  const a = await t.factory.tenant({ client: { name: '=HYPERLINK("http://evil")' } })
  const b = await t.factory.tenant({ client: { name: 'Beta Export SRL' } })
  clientToken = await t.tokenFor(b.user)
  clientB = b.client.id
  await productFor(t, a.client.id, { name: '+42 cable', sku: '-CABLE', barcode: '@123' })
  const ship = await createShipment(desk.api, { warehouse: desk.warehouse.id, businessclient: a.client.id })
  await receiveLine(desk.api, ship, { sku: '-CABLE', quantity: 7 })
  const shipB = await createShipment(desk.api, { warehouse: desk.warehouse.id, businessclient: b.client.id })
  await receiveLine(desk.api, shipB, { sku: 'PLAIN-1', quantity: 2 })
})
afterAll(() => t?.close())

describe('POST /api/inventorycards/stocks/export', () => {
  it('streams an .xlsx with a header row, the values, and formula-like text escaped', async () => {
    const res = await readXlsx(t, operatorToken, '/api/inventorycards/stocks/export', {
      filters: { warehouse: [desk.warehouse.id] },
    })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="stock-.*\.xlsx"/)
    expect(res.rows[0]).toEqual([
      'SKU',
      'Product',
      'Barcode',
      'BusinessClient',
      'Warehouse',
      'Available',
      'Blocked',
      'Total',
    ])
    expect(res.rows).toHaveLength(3)
    const cable = res.rows.find((r) => r[0] === "'-CABLE")
    expect(cable).toEqual([
      "'-CABLE",
      "'+42 cable",
      "'@123",
      `'=HYPERLINK("http://evil")`,
      desk.warehouse.name,
      7,
      0,
      7,
    ])
  })

  it('exports only the client’s own rows to a client', async () => {
    const res = await readXlsx(t, clientToken, '/api/inventorycards/stocks/export', { filters: {} })
    expect(res.status).toBe(200)
    expect(res.rows.slice(1).map((r) => r[0])).toEqual(['PLAIN-1'])
  })

  it('rejects bad filters with 400', async () => {
    const res = await t
      .as(clientToken)
      .post('/api/inventorycards/stocks/export', { filters: { warehouse: 'x' } })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.details)[0]).toMatch(/^filters\.warehouse/)
  })
})

describe('POST /api/shipments/inbound/export', () => {
  it('streams the shipments with a header row and escaped text', async () => {
    const res = await readXlsx(t, operatorToken, '/api/shipments/inbound/export', { filters: {} })
    expect(res.status).toBe(200)
    expect(res.rows[0]).toEqual([
      'Id',
      'Created',
      'Status',
      'BusinessClient',
      'Warehouse',
      'Seller',
      'Transporter',
      'Packs',
      'Weight kg',
      'Volume m3',
      'Lines',
      'Comment',
    ])
    expect(res.rows).toHaveLength(3)
    const evil = res.rows.find((r) => String(r[3]).includes('HYPERLINK'))
    expect(evil?.[3]).toBe(`'=HYPERLINK("http://evil")`)
    expect(evil?.[2]).toBe('New')
    expect(evil?.[7]).toBe(2)
  })

  it('writes the Created moments as Excel date-times with a format, not text; the stock export has no date as text', async () => {
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: { filters: {} },
        headers: { authorization: `Bearer ${operatorToken}` },
      })
    const inbound = await post('/api/shipments/inbound/export')
    expect(inbound.statusCode).toBe(200)
    const rows = await expectExcelDates(inbound.rawPayload, { datetime: ['Created'] })
    expect(rows).toHaveLength(2)
    const stock = await post('/api/inventorycards/stocks/export')
    expect(stock.statusCode).toBe(200)
    await expectExcelDates(stock.rawPayload, {})
  })

  it('exports only the client’s own shipments to a client', async () => {
    const res = await readXlsx(t, clientToken, '/api/shipments/inbound/export', { filters: {} })
    expect(res.rows.slice(1).map((r) => r[3])).toEqual(['Beta Export SRL'])
  })

  it('rejects a bad status filter with 400', async () => {
    const res = await t.as(clientToken).post('/api/shipments/inbound/export', { filters: { status: 'Lost' } })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['filters.status'])
  })
})

// Last: it receives more stock, which the counts above do not expect.
describe('POST /api/inventorycards/stocks/export with atDate', () => {
  it("exports the balances at the list's beta date, not today's", async () => {
    const before = new Date()
    const ship = await createShipment(desk.api, { warehouse: desk.warehouse.id, businessclient: clientB })
    await receiveLine(desk.api, ship, { sku: 'PLAIN-1', quantity: 5 })
    const filters = { warehouse: [desk.warehouse.id] }
    const plain = (rows: unknown[][]) => rows.find((r) => r[0] === 'PLAIN-1')?.slice(5)

    const then = await readXlsx(t, operatorToken, '/api/inventorycards/stocks/export', {
      filters,
      atDate: before.toISOString(),
    })
    expect(then.status).toBe(200)
    expect(then.headers['content-disposition']).toBe(
      `attachment; filename="stock-at-${before.toISOString().slice(0, 10)}.xlsx"`,
    )
    expect(plain(then.rows)).toEqual([2, 0, 2])
    const today = await readXlsx(t, operatorToken, '/api/inventorycards/stocks/export', { filters })
    expect(plain(today.rows)).toEqual([7, 0, 7])
    // Before any movement of the card: it is listed with nothing.
    const early = await readXlsx(t, operatorToken, '/api/inventorycards/stocks/export', {
      filters,
      atDate: '2001-01-01',
    })
    expect(plain(early.rows)).toEqual([0, 0, 0])
  })

  it('needs a warehouse with atDate, as the list does', async () => {
    const res = await t
      .as(operatorToken)
      .post('/api/inventorycards/stocks/export', { filters: {}, atDate: new Date().toISOString() })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({ 'filters.warehouse': 'is required with atDate' })
    const bad = await t.as(operatorToken).post('/api/inventorycards/stocks/export', {
      filters: { warehouse: [desk.warehouse.id] },
      atDate: 'soon',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('atDate')
  })
})
