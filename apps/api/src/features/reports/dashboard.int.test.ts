import { addDays } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { insertBareBill } from '../../../test/bill-fixtures.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'

const URL = '/api/dashboard'
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

let t: TestApp
let alpha: Awaited<ReturnType<TestApp['tenantWithApi']>>
let beta: Awaited<ReturnType<TestApp['tenantWithApi']>>
let operator: TestApi
let finance: TestApi
let pN: { id: string; sku: string; name: string }
let pB: { id: string; sku: string; name: string }

beforeAll(async () => {
  t = await createTestApp()
  const desk = await orderDesk(t)
  operator = desk.op.api
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  alpha = await t.tenantWithApi({ client: { name: 'Alpha Dash SRL' } })
  beta = await t.tenantWithApi({ client: { name: 'Beta Dash SRL' } })
  pN = await desk.stocked(alpha.client.id, 0)
  const pS = await desk.stocked(alpha.client.id, 5)
  pB = await desk.stocked(beta.client.id, 0)
  const order = async (api: TestApi, items: Json[], extra: Json = {}) => {
    const res = await createOrder(api, items, extra)
    expect(res.status).toBe(201)
    return res.body._id as string
  }
  const sql = (text: string, values: unknown[]) => t.database.pool.query(text, values)
  // Alpha: three No goods orders wait for pN (one made 3 days ago, one 40 days ago), one also for pS (in stock).
  const old3 = await order(alpha.api, [{ product: pN.id, quantity: 2 }])
  await order(alpha.api, [
    { product: pN.id, quantity: 1 },
    { product: pS.id, quantity: 1 },
  ])
  const old40 = await order(alpha.api, [{ product: pN.id, quantity: 1 }])
  await sql(`update orders set created_at = now() - interval '3 days' where id = $1`, [old3])
  await sql(`update orders set created_at = now() - interval '40 days' where id = $1`, [old40])
  await order(alpha.api, [{ product: pS.id, quantity: 1 }])
  // Two COD WAITING orders of alpha (Czech 100.50, Slovakia 20.25) and one of beta (7.00).
  const slovakia = { shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Hlavná', postcode: '949 01' } }
  const cod = [
    [await order(alpha.api, [{ product: pS.id, quantity: 1 }]), '100.50'],
    [await order(alpha.api, [{ product: pS.id, quantity: 1 }], slovakia), '20.25'],
    [await order(beta.api, [{ product: pB.id, quantity: 1 }]), '7.00'],
  ]
  for (const [id, amount] of cod) {
    await sql(`update orders set status = 'COD WAITING', cod_apply = true, cod_amount = $2 where id = $1`, [
      id,
      amount,
    ])
  }
  await order(beta.api, [{ product: pB.id, quantity: 4 }])
  // Services: this month's not billed count; a billed one and last month's do not.
  const bill = { id: await insertBareBill(t, alpha.client.id) }
  // Unlocked bills of beta by their issuing deadline (Czech: 15 days after the period): one overdue, one due soon.
  for (const daysAgo of [20, 13]) {
    const id = await insertBareBill(t, beta.client.id)
    await sql('update bills set period_start = $2, period_end = $2 where id = $1', [id, day(daysAgo)])
  }
  const service = (
    client: string,
    amount: string,
    currency: string,
    extra: { bill?: string; lastMonth?: boolean } = {},
  ) =>
    sql(
      `insert into services (id, businessclient_id, service_type, category, trigger, unit_price, amount, currency,
         country, service_date, dedupe_key, bill_id, created_at)
       values (gen_random_uuid(), $1, 'fulfilment', 'warehouse', 'Order', $2, $2, $3, 'Czech', current_date,
         gen_random_uuid()::text, $4,
         case when $5 then date_trunc('month', now()) - interval '1 day' else now() end)`,
      [client, amount, currency, extra.bill ?? null, extra.lastMonth ?? false],
    )
  await service(alpha.client.id, '10.10', 'CZK')
  await service(alpha.client.id, '5.05', 'CZK')
  await service(alpha.client.id, '3.00', 'EUR')
  await service(alpha.client.id, '99.00', 'CZK', { bill: bill.id })
  await service(alpha.client.id, '50.00', 'CZK', { lastMonth: true })
  await service(beta.client.id, '7.00', 'CZK')
})
afterAll(() => t?.close())

const alphaRef = () => ({ _id: alpha.client.id, name: 'Alpha Dash SRL' })
const month = () => new Date().toISOString().slice(0, 7)

describe('GET /api/dashboard', () => {
  it('gives a client its own orders per day, orders waiting, stock alerts, running bill and COD waiting', async () => {
    const res = await alpha.api.get(URL)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      computedAt: expect.any(String),
      ordersPerDay: [
        { day: day(3), status: 'No goods', count: 1 },
        { day: day(0), status: 'COD WAITING', count: 2 },
        { day: day(0), status: 'No goods', count: 1 },
        { day: day(0), status: 'Order Ready for picking', count: 1 },
      ],
      waiting: [
        { status: 'No goods', count: 3 },
        { status: 'Order Ready for picking', count: 1 },
      ],
      stockAlerts: {
        total: 1,
        products: [{ product: pN.id, sku: pN.sku, name: pN.name, orders: 3, quantity: 4 }],
      },
      unbilled: {
        month: month(),
        totals: [
          { currency: 'CZK', amount: '15.15', count: 2 },
          { currency: 'EUR', amount: '3.00', count: 1 },
        ],
        clients: [
          { businessclient: alphaRef(), currency: 'CZK', amount: '15.15', count: 2 },
          { businessclient: alphaRef(), currency: 'EUR', amount: '3.00', count: 1 },
        ],
      },
      billsToIssue: null,
      codWaiting: {
        count: 2,
        countries: [
          { country: 'Czech', count: 1, amount: '100.50' },
          { country: 'Slovakia', count: 1, amount: '20.25' },
        ],
      },
    })
  })

  it('gives finance the bills to issue by their deadline: overdue, due soon and the earliest day', async () => {
    const res = await finance.get(URL)
    expect(res.body.billsToIssue).toEqual({ count: 3, overdue: 1, soon: 1, issueBy: addDays(day(20), 15) })
    const alphaOnly = await finance.get(URL, { businessclient: alpha.client.id })
    expect(alphaOnly.body.billsToIssue).toEqual({
      count: 1,
      overdue: 0,
      soon: 0,
      issueBy: addDays(day(0), 15),
    })
    expect((await operator.get(URL)).body.billsToIssue).toBeNull()
  })

  it('gives staff every client: unbilled per client, alerts of both, COD of both', async () => {
    const res = await finance.get(URL)
    expect(res.status).toBe(200)
    expect(res.body.unbilled.totals).toEqual([
      { currency: 'CZK', amount: '22.15', count: 3 },
      { currency: 'EUR', amount: '3.00', count: 1 },
    ])
    expect(res.body.unbilled.clients.map((c: Json) => [c.businessclient.name, c.currency, c.amount])).toEqual(
      [
        ['Alpha Dash SRL', 'CZK', '15.15'],
        ['Beta Dash SRL', 'CZK', '7.00'],
        ['Alpha Dash SRL', 'EUR', '3.00'],
      ],
    )
    expect(res.body.stockAlerts.total).toBe(2)
    expect(res.body.stockAlerts.products.map((p: Json) => [p.sku, p.orders, p.quantity])).toEqual([
      [pN.sku, 3, 4],
      [pB.sku, 1, 4],
    ])
    expect(res.body.codWaiting).toEqual({
      count: 3,
      countries: [
        { country: 'Czech', count: 2, amount: '107.50' },
        { country: 'Slovakia', count: 1, amount: '20.25' },
      ],
    })
  })

  it('lets staff narrow to one client; a client naming another sees nothing of it', async () => {
    const onlyBeta = await finance.get(URL, { businessclient: beta.client.id })
    expect(onlyBeta.body.waiting).toEqual([{ status: 'No goods', count: 1 }])
    expect(onlyBeta.body.codWaiting.count).toBe(1)
    const sneaky = await alpha.api.get(URL, { businessclient: beta.client.id })
    expect(sneaky.body).toMatchObject({
      ordersPerDay: [],
      waiting: [],
      stockAlerts: { total: 0, products: [] },
      codWaiting: { count: 0, countries: [] },
    })
    expect(sneaky.body.unbilled.totals).toEqual([])
  })

  it('leaves the unbilled tile out for a role that may not read services', async () => {
    const res = await operator.get(URL)
    expect(res.status).toBe(200)
    expect(res.body.unbilled).toBeNull()
    expect(res.body.codWaiting.count).toBe(3)
  })

  it('keeps its figures DASHBOARD_CACHE_SECONDS per tenant: a burst runs the queries once, clients never share', async () => {
    const cached = await createTestApp({ database: t.database, env: { DASHBOARD_CACHE_SECONDS: '60' } })
    try {
      const asAlpha = cached.as(alpha.token)
      const burst = await Promise.all([1, 2, 3, 4].map(() => asAlpha.get(URL)))
      expect(new Set(burst.map((r) => r.body.computedAt)).size).toBe(1)
      const before = burst[0]!.body
      // A new COD WAITING order of alpha: the kept figures do not show it yet …
      const res = await createOrder(alpha.api, [{ product: pN.id, quantity: 1 }])
      await t.database.pool.query(
        `update orders set status = 'COD WAITING', cod_apply = true, cod_amount = 1 where id = $1`,
        [res.body._id],
      )
      const again = await asAlpha.get(URL)
      expect(again.body.computedAt).toBe(before.computedAt)
      expect(again.body.codWaiting.count).toBe(before.codWaiting.count)
      // … while beta's dashboard, computed now, is its own (no figure of alpha's).
      const betaRes = await cached.as(beta.token).get(URL)
      expect(betaRes.body.codWaiting.countries).toEqual([{ country: 'Czech', count: 1, amount: '7.00' }])
      // Without the cache (this file's app) the new order counts at once.
      const fresh = await alpha.api.get(URL)
      expect(fresh.body.codWaiting.count).toBe(before.codWaiting.count + 1)
      await t.database.pool.query(`update orders set status = 'No goods' where id = $1`, [res.body._id])
    } finally {
      await cached.close()
    }
  })

  it('rejects a businessclient that is not an id with 400 and answers 401 without a session', async () => {
    const junk = await finance.get(URL, { businessclient: 'junk' })
    expect(junk.status).toBe(400)
    expect(junk.body.details).toHaveProperty(['query.businessclient'])
    expect((await t.anon.get(URL)).status).toBe(401)
  })
})
