import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk, shipTo } from '../../../test/order-fixtures.ts'
import { NO_COURIER } from '../../db/schema/index.ts'
import { mergeOrderDayCounts } from './order-day-counts.repository.ts'

/**
 * The status tabs' counts kept by triggers — order_status_totals (migration 0010) and order_day_counts
 * (migration 0013) —: after every kind of write they equal a count of the orders, and the list answers the
 * same totals from them as a count of the orders would, for every filter they serve.
 */

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
let a: Awaited<ReturnType<TestApp['tenantWithApi']>>
let b: Awaited<ReturnType<TestApp['tenantWithApi']>>
let admin: TestApi
let pa: { id: string; sku: string }
let pb: { id: string; sku: string }

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  desk = await orderDesk(t)
  a = await t.tenantWithApi({ client: { name: 'Alpha Totals s.r.o.' } })
  b = await t.tenantWithApi({ client: { name: 'Beta Totals SRL' } })
  // 3 units for A: the fourth order of one unit finds no goods (allocation sets both statuses).
  pa = await desk.stocked(a.client.id, 3)
  pb = await desk.stocked(b.client.id, 0)
})
afterAll(() => t?.close())

/**
 * Every kept count that differs from a count of the orders, [] when exact: per (client, status) in
 * order_status_totals, and per (kind, day, client, status, country, courier, COD) in order_day_counts.
 */
async function drift() {
  const { rows } = await t.database.pool.query(
    `select businessclient_id, status, c.n as counted, s.count as kept
     from (select businessclient_id, status, count(*) as n from orders group by 1, 2) c
     full join (select * from order_status_totals where count <> 0) s using (businessclient_id, status)
     where c.n is distinct from s.count`,
  )
  const { rows: days } = await t.database.pool.query(
    `with counted as (
       select d.kind, d.day, o.businessclient_id, o.status, o.ship_to_country as country,
              coalesce(o.courier_id, '${NO_COURIER}') as courier_id, o.cod_apply as cod, count(*) as n
       from orders o cross join lateral (
         values ('c', (o.created_at at time zone 'UTC')::date), ('u', (o.updated_at at time zone 'UTC')::date),
                ('cm', date_trunc('month', o.created_at at time zone 'UTC')::date),
                ('um', date_trunc('month', o.updated_at at time zone 'UTC')::date)) d(kind, day)
       group by 1, 2, 3, 4, 5, 6, 7
     ), kept as (
       select kind, day, businessclient_id, status, country, courier_id, cod, sum(count) as n
       from order_day_counts group by 1, 2, 3, 4, 5, 6, 7 having sum(count) <> 0
     )
     select * , counted.n as counted, kept.n as kept from counted
     full join kept using (kind, day, businessclient_id, status, country, courier_id, cod)
     where counted.n is distinct from kept.n`,
  )
  return [...rows, ...days]
}

/** The kept counts of one client, by status. */
async function kept(clientId: string): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query(
    'select status, count::int from order_status_totals where businessclient_id = $1 and count > 0',
    [clientId],
  )
  return Object.fromEntries(rows.map((r) => [r.status, r.count]))
}

const create = async (api: TestApi, productId: string, extra: Json = {}) => {
  const res = await createOrder(api, [{ product: productId, quantity: 1 }], extra)
  expect(res.status).toBe(201)
  return res.body as Json
}

describe('order_status_totals equals a count of the orders', () => {
  it('after creations, allocation included (Order Ready for picking / No goods)', async () => {
    for (let i = 0; i < 4; i++) await create(a.api, pa.id)
    await create(b.api, pb.id)
    expect(await kept(a.client.id)).toEqual({ 'Order Ready for picking': 3, 'No goods': 1 })
    expect(await drift()).toEqual([])
  })

  it('after single status changes, a cancel and a duplicate', async () => {
    const order = await create(b.api, pb.id)
    expect((await b.api.put(`/api/orders/${order._id}`, { status: 'Draft' })).status).toBe(200)
    expect(await drift()).toEqual([])
    expect((await b.api.post(`/api/orders/${order._id}/cancel`)).status).toBe(200)
    expect(await drift()).toEqual([])
    const copy = await b.api.get(`/api/orders/${order._id}/duplicate`)
    expect(copy.status).toBe(200)
    expect(await drift()).toEqual([])
    expect((await kept(b.client.id)).Canceled).toBe(1)
  })

  it('after a bulk status change of several orders', async () => {
    const made = [await create(b.api, pb.id), await create(b.api, pb.id), await create(b.api, pb.id)]
    const before = await kept(b.client.id)
    const res = await admin.put('/api/orders', { orders: made.map((o) => o._id), status: 'Draft' })
    expect(res.status).toBe(200)
    expect(res.body.updated).toBeGreaterThan(0)
    const after = await kept(b.client.id)
    expect(after.Draft ?? 0).toBe((before.Draft ?? 0) + res.body.updated)
    expect(await drift()).toEqual([])
  })

  it('after set-based SQL: a multi-row insert, a move between clients, a delete', async () => {
    const { pool } = t.database
    await pool.query(
      `insert into orders (id, businessclient_id, status, ship_to_country, ship_to_city, ship_to_street,
         ship_to_postcode, ship_to_client)
       select gen_random_uuid(), $1, s, 'Czech', 'Brno', 'Údolní', '602 00',
              (select ship_to_client from orders where businessclient_id = $1 limit 1)
       from unnest(array['New', 'New', 'Shipping', 'Delivered']) s`,
      [a.client.id],
    )
    expect(await drift()).toEqual([])
    await pool.query(
      `update orders set businessclient_id = $2, status = 'Delivered'
       where businessclient_id = $1 and status = 'New'`,
      [a.client.id, b.client.id],
    )
    expect(await drift()).toEqual([])
    // An update that changes neither status nor owner changes no count.
    await pool.query(`update orders set ship_to_city = 'Praha' where businessclient_id = $1`, [b.client.id])
    await pool.query(`delete from orders where businessclient_id = $1 and status = 'Shipping'`, [a.client.id])
    expect(await drift()).toEqual([])
  })

  it('after 40 orders created at once for one client', async () => {
    const before = Object.values(await kept(b.client.id)).reduce((s, n) => s + n, 0)
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => createOrder(b.api, [{ product: pb.id, quantity: 1 }])),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201))
    const after = Object.values(await kept(b.client.id)).reduce((s, n) => s + n, 0)
    expect(after).toBe(before + 40)
    expect(await drift()).toEqual([])
  })
})

describe('the list answers the same totals from the kept counts as by counting', () => {
  /** A date range that holds every order: the totals are counted, not read from the kept counts. */
  const everything = { dateFrom: '2000-01-01', dateTo: '2999-12-31' }
  const totalsOf = async (api: TestApi, body: Json) => {
    const res = await api.post('/api/orders', { ...body, itemsPerPage: 1 })
    expect(res.status).toBe(200)
    return { totals: res.body.totals as Json[], total: res.body.total as number }
  }

  it('for staff, for staff with a business client, and for each client', async () => {
    for (const [api, body] of [
      [admin, {}],
      [admin, { businessclient: a.client.id }],
      [admin, { status: 'Draft' }],
      [a.api, {}],
      [b.api, { status: 'Delivered' }],
    ] as [TestApi, Json][]) {
      const fromKept = await totalsOf(api, body)
      expect(fromKept.totals.length).toBeGreaterThan(0)
      expect(fromKept).toEqual(await totalsOf(api, { ...body, ...everything }))
    }
    // A client sees only its own counts.
    const own = await totalsOf(a.api, {})
    expect(Object.fromEntries(own.totals.map((x) => [x.status, x.count]))).toEqual(await kept(a.client.id))
  })

  it('after a business client is deleted (its orders go by cascade), staff totals lose its orders', async () => {
    const gone = await t.tenantWithApi({ client: { name: 'Gamma Totals a.s.' } })
    const pg = await desk.stocked(gone.client.id, 0)
    await create(gone.api, pg.id, { shipTo })
    await create(gone.api, pg.id)
    const before = await totalsOf(admin, {})
    await t.database.pool.query('delete from users where businessclient_id = $1', [gone.client.id])
    await t.database.pool.query('delete from products where businessclient_id = $1', [gone.client.id])
    await t.database.pool.query('delete from business_clients where id = $1', [gone.client.id])
    expect(await kept(gone.client.id)).toEqual({})
    expect(await drift()).toEqual([])
    const after = await totalsOf(admin, {})
    expect(after.total).toBe(before.total - 2)
    expect(after).toEqual(await totalsOf(admin, everything))
  })
})

describe('order_day_counts: merged by the maintenance job, and the filtered tabs', () => {
  const courierIds = async () =>
    (await t.database.pool.query('select id from couriers order by name limit 2')).rows.map((r) =>
      String(r.id),
    )

  it('folds the appended deltas into one row per key, keeping every sum', async () => {
    const { pool } = t.database
    const unmerged = async () =>
      Number((await pool.query('select count(*) from order_day_counts where not merged')).rows[0].count)
    expect(await unmerged()).toBeGreaterThan(0)
    const folded = await mergeOrderDayCounts(t.database.db)
    expect(folded).toBeGreaterThan(0)
    expect(await unmerged()).toBe(0)
    const { rows: doubles } = await pool.query(
      `select kind, day, businessclient_id, status, country, courier_id, cod from order_day_counts
       group by 1, 2, 3, 4, 5, 6, 7 having count(*) > 1`,
    )
    expect(doubles).toEqual([])
    expect(
      Number((await pool.query('select count(*) from order_day_counts where count = 0')).rows[0].count),
    ).toBe(0)
    expect(await drift()).toEqual([])
    // Writes after the merge append again; the sums stay exact, and a second merge folds them too.
    await create(a.api, pa.id)
    expect(await unmerged()).toBeGreaterThan(0)
    expect(await drift()).toEqual([])
    await mergeOrderDayCounts(t.database.db)
    expect(await unmerged()).toBe(0)
    expect(await drift()).toEqual([])
  })

  it('answers the tabs of every date, country, courier and COD filter as a count of the orders would', async () => {
    const { pool } = t.database
    const [k1, k2] = await courierIds()
    // Spread the orders over days, countries, couriers and COD (each update moves their counts).
    await pool.query(
      `update orders set
         created_at = timestamptz '2025-11-25 00:00:00Z' + make_interval(hours => ((internal_numeric_id % 9) * 197)::int),
         updated_at = timestamptz '2026-01-12 00:00:00Z' + make_interval(hours => ((internal_numeric_id % 5) * 13)::int),
         ship_to_country = case when internal_numeric_id % 3 = 0 then 'Slovakia' else 'Czech' end,
         courier_id = case internal_numeric_id % 3 when 0 then $1::uuid when 1 then $2::uuid else null end,
         cod_apply = internal_numeric_id % 2 = 0`,
      [k1, k2],
    )
    expect(await drift()).toEqual([])
    const { rows: all } = await pool.query(
      `select businessclient_id as client, status, created_at, updated_at, ship_to_country as country,
              courier_id as courier, cod_apply as cod from orders`,
    )
    const DAY = 86_400_000
    const expected = (client: string | null, body: Json) => {
      const from = body.dateFrom ? new Date(body.dateFrom).getTime() : -Infinity
      const until = body.dateTo
        ? new Date(body.dateTo).getTime() + (body.dateTo.length === 10 ? DAY : 1)
        : Infinity
      const counts: Record<string, number> = {}
      for (const o of all) {
        const at = new Date(body.use_createdAt === false ? o.updated_at : o.created_at).getTime()
        if (client && o.client !== client) continue
        if (body.businessclient && o.client !== body.businessclient) continue
        if (at < from || at >= until) continue
        if (body.country && o.country !== body.country) continue
        if (body.courier && o.courier !== body.courier) continue
        if (body.has_cod && !o.cod) continue
        if (body.no_cod && o.cod) continue
        counts[o.status] = (counts[o.status] ?? 0) + 1
      }
      return counts
    }
    const bodies: Json[] = [
      { dateFrom: '2025-12-01', dateTo: '2025-12-31' },
      { dateFrom: '2025-11-28', dateTo: '2026-01-04' },
      { dateFrom: '2025-12-10' },
      { dateTo: '2025-12-20' },
      { dateFrom: '2025-11-25T09:30:00Z', dateTo: '2026-01-12T20:00:00Z' },
      { dateFrom: '2025-12-03T01:00:00Z', dateTo: '2025-12-03T23:00:00Z' },
      { dateFrom: '2025-12-25', dateTo: '2025-12-26' },
      { dateFrom: '2026-01-12', dateTo: '2026-01-13', use_createdAt: false },
      { dateFrom: '2026-01-12T10:00:00Z', use_createdAt: false },
      { country: 'Slovakia' },
      { courier: k1 },
      { has_cod: true, no_cod: false },
      { no_cod: true, has_cod: false },
      { country: 'Czech', courier: k2, has_cod: true, dateFrom: '2025-11-26', dateTo: '2026-01-12' },
      { businessclient: a.client.id, dateFrom: '2025-12-10T12:00:00Z' },
      { status: 'Delivered', dateFrom: '2025-12-01', country: 'Czech' },
      { dateFrom: '2030-01-01' },
    ]
    for (const [api, client] of [
      [admin, null],
      [a.api, a.client.id],
      [b.api, b.client.id],
    ] as [TestApi, string | null][]) {
      for (const body of bodies) {
        const res = await api.post('/api/orders', { ...body, itemsPerPage: 1 })
        expect(res.status).toBe(200)
        const got = Object.fromEntries((res.body.totals as Json[]).map((x) => [x.status, x.count]))
        expect(got, JSON.stringify({ client, body })).toEqual(expected(client, body))
      }
    }
  })
})
