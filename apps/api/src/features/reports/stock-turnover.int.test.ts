import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { productFor, readXlsx } from '../../../test/stock-fixtures.ts'

const URL = '/api/reports/stockturnover/'
const EXPORT = '/api/reports/stockturnover/export'

let t: TestApp
let alpha: Awaited<ReturnType<TestApp['tenantWithApi']>>
let beta: Awaited<ReturnType<TestApp['tenantWithApi']>>
let staff: TestApi
let staffToken: string
let w1: { id: string; name: string }
let w2: { id: string; name: string }
const cards: Record<string, string> = {}
const productIds: Record<string, string> = {}

/** A card and its hand-built ledger: [quantity, trigger, days ago]; the card's balances are the Σ. */
async function card(
  key: string,
  c: { client: string; warehouse: string; sku: string; product?: boolean; blocked?: number },
  moves: [number, 'Order' | 'Inboundshipment' | 'Adjustment', number][],
) {
  const total = moves.reduce((sum, [q]) => sum + q, 0)
  const blocked = c.blocked ?? 0
  const product =
    c.product === false ? null : await productFor(t, c.client, { sku: c.sku, name: `Name ${c.sku}` })
  if (product) productIds[key] = product.id
  const { rows } = await t.database.pool.query(
    `insert into inventory_cards (id, warehouse_id, businessclient_id, product_id, sku, description, available, blocked)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7) returning id`,
    [c.warehouse, c.client, product?.id ?? null, c.sku, `Loose ${c.sku}`, total - blocked, blocked],
  )
  cards[key] = rows[0].id
  let after = 0
  // Oldest first, so each row's balance after is the running Σ (the ledger's checks want it ≥ 0).
  for (const [quantity, trigger, daysAgo] of [...moves].sort((a, b) => b[2] - a[2])) {
    after += quantity
    await t.database.pool.query(
      `insert into stock_movements (id, inventory_card_id, quantity, quantity_available, total_after, triggred_by,
         created_at) values (gen_random_uuid(), $1, $2, $3, $3, $4, now() - make_interval(hours => $5::int))`,
      [rows[0].id, quantity, after, trigger, Math.round(daysAgo * 24)],
    )
  }
}

beforeAll(async () => {
  t = await createTestApp()
  const op = await t.userWithToken({ roles: ['operator'] })
  staff = op.api
  staffToken = await t.tokenFor(op.user)
  w1 = await t.factory.warehouse({ name: 'Turnover North' })
  w2 = await t.factory.warehouse({ name: 'Turnover South' })
  alpha = await t.tenantWithApi({ client: { name: 'Alpha Turnover SRL' } })
  beta = await t.tenantWithApi({ client: { name: 'Beta Turnover SRL' } })
  const a = alpha.client.id
  // 20 in stock (5 of them blocked); shipped 3 (2 days ago), 4 (10), 6 (20), 100 (40: outside every window).
  // Receiving and an adjustment in the window are not turnover.
  await card('A1', { client: a, warehouse: w1.id, sku: 'TA-1', blocked: 5 }, [
    [127, 'Inboundshipment', 60],
    [-100, 'Order', 40],
    [-6, 'Order', 20],
    [-4, 'Order', 10],
    [-3, 'Order', 2],
    [8, 'Inboundshipment', 1],
    [-2, 'Adjustment', 1],
  ])
  // Sold out: 5 shipped 3 days ago, nothing left.
  await card('A2', { client: a, warehouse: w2.id, sku: 'TA-2' }, [
    [5, 'Inboundshipment', 9],
    [-5, 'Order', 3],
  ])
  // Unpaired goods that never moved out.
  await card('A3', { client: a, warehouse: w1.id, sku: 'TA-3', product: false }, [[8, 'Inboundshipment', 5]])
  await card('B1', { client: beta.client.id, warehouse: w1.id, sku: 'TB-1' }, [
    [6, 'Inboundshipment', 8],
    [-2, 'Order', 5],
  ])
  for (let i = 1; i <= 11; i++) {
    const sku = `TZ-${String(i).padStart(2, '0')}`
    await card(sku, { client: beta.client.id, warehouse: w2.id, sku }, [[i, 'Inboundshipment', 1]])
  }
})
afterAll(() => t?.close())

const row = (key: string, sku: string, w: { id: string; name: string }, n: Json) => ({
  _id: cards[key],
  product: productIds[key] ?? null,
  product_sku: sku,
  product_name: productIds[key] ? `Name ${sku}` : `Loose ${sku}`,
  warehouse: w.id,
  warehouse_name: w.name,
  ...n,
})
const a1 = (n: Json) => row('A1', 'TA-1', w1, { stock: 20, ...n })
const a2 = (n: Json) => row('A2', 'TA-2', w2, { stock: 0, ...n })
const a3 = () => row('A3', 'TA-3', w1, { stock: 8, turnover: 0, days_of_inventory: null })

describe('GET /api/reports/stockturnover/', () => {
  it('counts units shipped in the last 7 days by default and the days the stock lasts at that pace', async () => {
    const res = await alpha.api.get(URL)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      days: 7,
      total: 3,
      list: [a1({ turnover: 3, days_of_inventory: 46.7 }), a2({ turnover: 5, days_of_inventory: 0 }), a3()],
    })
  })

  it('widens the window to 14 and 30 days', async () => {
    const d14 = await alpha.api.get(URL, { days: '14' })
    expect(d14.body.list[0]).toEqual(a1({ turnover: 7, days_of_inventory: 40 }))
    const d30 = await alpha.api.get(URL, { days: '30' })
    expect(d30.body.days).toBe(30)
    expect(d30.body.list[0]).toEqual(a1({ turnover: 13, days_of_inventory: 46.2 }))
  })

  it('filters by warehouse', async () => {
    const res = await alpha.api.get(URL, { warehouse: w2.id })
    expect(res.body).toEqual({ days: 7, total: 1, list: [a2({ turnover: 5, days_of_inventory: 0 })] })
  })

  it('shows a client only its own cards, and staff every client, 10 a page', async () => {
    const b = await beta.api.get(URL)
    expect(b.body.total).toBe(12)
    expect(b.body.list.map((r: Json) => r.product_sku)).not.toContain('TA-1')
    const page1 = await staff.get(URL)
    expect(page1.body.total).toBe(15)
    expect(page1.body.list).toHaveLength(10)
    expect(page1.body.list.slice(0, 4).map((r: Json) => r.product_sku)).toEqual([
      'TA-1',
      'TA-2',
      'TA-3',
      'TB-1',
    ])
    expect(page1.body.list[3]).toMatchObject({ stock: 4, turnover: 2, days_of_inventory: 14 })
    const page2 = await staff.get(URL, { currentPage: '2' })
    expect(page2.body.list.map((r: Json) => r.product_sku)).toEqual([
      'TZ-07',
      'TZ-08',
      'TZ-09',
      'TZ-10',
      'TZ-11',
    ])
  })

  it('lets staff narrow to one business client; a client naming another sees nothing', async () => {
    const onlyAlpha = await staff.get(URL, { businessclient: alpha.client.id })
    expect(onlyAlpha.body.total).toBe(3)
    const sneaky = await alpha.api.get(URL, { businessclient: beta.client.id })
    expect(sneaky.body).toEqual({ days: 7, total: 0, list: [] })
    const loner = await t.userWithToken({ roles: ['client'] })
    expect((await loner.api.get(URL)).body.total).toBe(0)
  })

  it('rejects days other than 7, 14 or 30 and a warehouse that does not exist with 400', async () => {
    for (const days of ['5', '0', 'week', '7.5']) {
      const res = await staff.get(URL, { days })
      expect(res.status).toBe(400)
      expect(res.body.details).toEqual({ 'query.days': 'must be 7, 14 or 30' })
    }
    const unknown = await staff.get(URL, { warehouse: '0190e9a6-0000-7000-8000-000000000000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toEqual({ 'query.warehouse': 'must be a warehouse' })
    expect((await staff.get(URL, { warehouse: 'junk' })).status).toBe(400)
  })

  it('answers 401 without a session', async () => {
    expect((await t.anon.get(URL)).status).toBe(401)
  })
})

describe('GET /api/reports/stockturnover/export', () => {
  it('streams every matching row as .xlsx, ∞ where nothing shipped', async () => {
    const res = await readXlsx(t, staffToken, `${EXPORT}?days=30&businessclient=${alpha.client.id}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/filename="stock-turnover-30d-.*\.xlsx"/)
    expect(res.rows).toEqual([
      ['SKU', 'Product', 'Warehouse', 'Stock', 'Turnover', 'Days of inventory'],
      ['TA-1', 'Name TA-1', w1.name, 20, 13, 46.2],
      ['TA-2', 'Name TA-2', w2.name, 0, 5, 0],
      ['TA-3', 'Loose TA-3', w1.name, 8, 0, '∞'],
    ])
  })

  it('answers 404 "No objects were found for export" when nothing matches', async () => {
    const res = await alpha.api.get(EXPORT, { businessclient: beta.client.id })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No objects were found for export')
  })
})
