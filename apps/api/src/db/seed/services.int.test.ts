import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { DEMO_PASSWORD, seedDemo } from './demo.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
})
afterAll(() => t?.close())

const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows

describe('demo seed: rate cards and services', () => {
  it('has a default card per warehouse country and the first client’s own Czech card', async () => {
    const cards = await query(
      `select r.country, r.currency, b.name from rate_cards r left join business_clients b on b.id = r.businessclient_id
       order by r.country, b.name nulls first`,
    )
    expect(cards).toEqual([
      { country: 'Bulgaria', currency: 'EUR', name: null },
      { country: 'Czech', currency: 'CZK', name: null },
      { country: 'Czech', currency: 'CZK', name: 'Zahradní ráj s.r.o.' },
      { country: 'Romania', currency: 'RON', name: null },
    ])
  })

  it('records each shipped order’s services once, priced by the card in force, over the last 90 days', async () => {
    const byType = await query(
      `select service_type, count(*)::int as n, min(created_at) as oldest, max(created_at) as newest,
              bool_and(amount = round(quantity * unit_price, 2)) as priced
       from services group by 1 order by 1`,
    )
    const types = byType.map((r) => r.service_type)
    expect(types).toEqual(expect.arrayContaining(['cod', 'fulfilment', 'packaging', 'receiving', 'storage']))
    for (const r of byType) {
      expect(r.priced, r.service_type).toBe(true)
      expect(Date.now() - new Date(r.oldest).getTime()).toBeLessThanOrEqual(91 * 86_400_000)
      expect(new Date(r.newest).getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000)
    }
    // One fulfilment per order that entered Shipping in the period; none for an order that never shipped.
    const [never] = await query(
      `select count(*)::int as n from services s join orders o on o.id = s.trigger_id
       where s.trigger = 'Order' and o.status in ('New', 'Draft', 'Canceled', 'Order Ready for picking')`,
    )
    expect(never.n).toBe(0)
    const [dupes] = await query(
      `select count(*)::int as n from (select trigger_id from services where service_type = 'fulfilment'
       group by 1 having count(*) > 1) d`,
    )
    expect(dupes.n).toBe(0)
    // The first client's own card: its Czech fulfilment is 22.00, the other client's 26.00.
    const prices = await query(
      `select b.name, array_agg(distinct s.unit_price::text) as prices from services s
       join business_clients b on b.id = s.businessclient_id
       where s.service_type = 'fulfilment' and s.country = 'Czech' group by 1 order by 1`,
    )
    for (const p of prices) expect(p.prices).toEqual([p.name === 'Zahradní ráj s.r.o.' ? '22.00' : '26.00'])
  })

  it('shows a client its running bill through the API', async () => {
    const token = await t.signin('eshop1', DEMO_PASSWORD)
    const res = await t.as(token).get('/api/services/running')
    expect(res.status).toBe(200)
    expect(res.body.currencies.length).toBeGreaterThan(0)
    expect(res.body.currencies[0].total).toBeGreaterThan(0)
  })
})
