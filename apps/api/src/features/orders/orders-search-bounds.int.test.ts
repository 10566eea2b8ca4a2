import { COUNT_CAP } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'

/**
 * A search's total is counted up to COUNT_CAP: a term that matches more answers "more than" (totalCapped)
 * instead of counting every match, which took seconds of the database per call at 1,000,000 orders.
 */

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
const COPIES = COUNT_CAP + 5

beforeAll(async () => {
  t = await createTestApp()
  const desk = await orderDesk(t)
  c = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
  const p = await desk.stocked(c.client.id, 0)
  const res = await createOrder(c.api, [{ product: p.id, quantity: 1 }], {
    clientOrderNr: 'ORIGINAL-1',
    shipTo: {
      country: 'Czech',
      city: 'Brno',
      street: 'Údolní',
      postcode: '602 00',
      phone: '+420 601 111 222',
      client: { firstName: 'Ilona', lastName: 'Capped' },
    },
  })
  expect(res.status).toBe(201)
  // More orders than the cap, set-based: CAPX-1 the newest, each next a second older.
  await t.db.execute(sql`
    insert into orders (id, businessclient_id, client_order_nr, status, ship_to_country, ship_to_city,
      ship_to_street, ship_to_postcode, ship_to_phone, ship_to_client, created_at, updated_at)
    select gen_random_uuid(), o.businessclient_id, 'CAPX-' || g, o.status, o.ship_to_country, o.ship_to_city,
      o.ship_to_street, o.ship_to_postcode, o.ship_to_phone, o.ship_to_client,
      o.created_at + interval '1 hour' - make_interval(secs => g), o.updated_at
    from orders o cross join generate_series(1, ${COPIES}) g
    where o.id = ${res.body._id}`)
}, 120_000)
afterAll(() => t?.close())

const search = (body: Json, api = c.api) => api.post('/api/orders/find/search', body)

describe('the total of a broad search', () => {
  it(`is capped at ${COUNT_CAP.toLocaleString('en')} and says so, the page still newest first`, async () => {
    for (const api of [c.api, (await t.userWithToken({ roles: ['operator'] })).api]) {
      const res = await search({ searchTerm: 'capx' }, api)
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(COUNT_CAP)
      expect(res.body.totalCapped).toBe(true)
      expect(res.body.list.map((o: Json) => o.clientOrderNr)).toEqual(
        Array.from({ length: 10 }, (_, i) => `CAPX-${i + 1}`),
      )
    }
    // A later page is answered from the same order.
    const third = await search({ searchTerm: 'Capped', currentPage: 3, itemsPerPage: 5 })
    expect(third.body.list.map((o: Json) => o.clientOrderNr)).toEqual(
      Array.from({ length: 5 }, (_, i) => `CAPX-${i + 11}`),
    )
    expect(third.body.totalCapped).toBe(true)
  })

  it('is exact, without the flag, when fewer match', async () => {
    const res = await search({ searchTerm: `CAPX-${COPIES - 1}` })
    expect(res.body).toMatchObject({ total: 1, totals: [{ status: 'New', count: 1 }] })
    expect(res.body).not.toHaveProperty('totalCapped')
    expect((await search({ searchTerm: 'ORIGINAL' })).body.total).toBe(1)
  })

  it("counts only the caller's own orders", async () => {
    const other = await t.tenantWithApi()
    const res = await search({ searchTerm: 'capx' }, other.api)
    expect(res.body).toMatchObject({ total: 0, list: [] })
    expect(res.body).not.toHaveProperty('totalCapped')
  })
})
