import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { insertBareBill } from '../../../test/bill-fixtures.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'
import { mergeDashboardRollups } from './dashboard-rollups.repository.ts'

/**
 * The rollups of the dashboard and the services list (migration dashboard_rollups) kept by triggers: after every kind of write — the
 * API's order flows, item edits, set-based SQL, deletes by cascade, billing — each equals a fresh count of
 * what it sums, before and after the minutely merge.
 */

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
let a: Awaited<ReturnType<TestApp['tenantWithApi']>>
let b: Awaited<ReturnType<TestApp['tenantWithApi']>>
let admin: TestApi
let none: { id: string; sku: string }
let other: { id: string; sku: string }

const query = (text: string, values: unknown[] = []) => t.database.pool.query(text, values)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  desk = await orderDesk(t)
  a = await t.tenantWithApi({ client: { name: 'Alpha Rollups s.r.o.' } })
  b = await t.tenantWithApi({ client: { name: 'Beta Rollups SRL' } })
  none = await desk.stocked(a.client.id, 0)
  other = await desk.stocked(a.client.id, 0)
})
afterAll(() => t?.close())

/** Every kept figure that differs from a fresh count, [] when all four rollups are exact. */
async function drift(): Promise<Json[]> {
  const checks = [
    `with counted as (
       select (created_at at time zone 'UTC')::date as day, businessclient_id, status, count(*) as n
       from orders group by 1, 2, 3),
     kept as (
       select day, businessclient_id, status, sum(count) as n from order_day_status_counts
       group by 1, 2, 3 having sum(count) <> 0)
     select 'per day' as rollup, * from counted full join kept using (day, businessclient_id, status)
     where counted.n is distinct from kept.n`,
    `with counted as (
       select businessclient_id, ship_to_country as country, count(*) as n, sum(cod_amount) as amount
       from orders where status = 'COD WAITING' group by 1, 2),
     kept as (
       select businessclient_id, country, sum(count) as n, sum(amount) as amount from cod_waiting_totals
       group by 1, 2 having sum(count) <> 0 or sum(amount) <> 0)
     select 'cod' as rollup, * from counted full join kept using (businessclient_id, country)
     where counted.n is distinct from kept.n or counted.amount is distinct from kept.amount`,
    `with counted as (
       select o.businessclient_id, i.product_id, count(*) as n, sum(i.quantity) as quantity
       from orders o join order_items i on i.order_id = o.id
       where o.status = 'No goods' and i.product_id is not null group by 1, 2),
     kept as (
       select businessclient_id, product_id, sum(lines) as n, sum(quantity) as quantity from nogoods_demand
       group by 1, 2 having sum(lines) <> 0 or sum(quantity) <> 0)
     select 'no goods' as rollup, * from counted full join kept using (businessclient_id, product_id)
     where counted.n is distinct from kept.n or counted.quantity is distinct from kept.quantity`,
    `with counted as (
       select date_trunc('month', created_at at time zone 'UTC')::date as month, businessclient_id, currency,
              count(*) as n, sum(amount) as amount
       from services where bill_id is null group by 1, 2, 3),
     kept as (
       select month, businessclient_id, currency, sum(count) as n, sum(amount) as amount
       from unbilled_service_totals group by 1, 2, 3 having sum(count) <> 0 or sum(amount) <> 0)
     select 'unbilled' as rollup, * from counted full join kept using (month, businessclient_id, currency)
     where counted.n is distinct from kept.n or counted.amount is distinct from kept.amount`,
    `with counted as (
       select d.kind, d.day, s.businessclient_id, s.bill_id is not null as billed, count(*) as n
       from services s cross join lateral (
         values ('d', (s.created_at at time zone 'UTC')::date),
                ('m', date_trunc('month', s.created_at at time zone 'UTC')::date)) d(kind, day)
       group by 1, 2, 3, 4),
     kept as (
       select kind, day, businessclient_id, billed, sum(count) as n from service_day_counts
       group by 1, 2, 3, 4 having sum(count) <> 0)
     select 'service days' as rollup, * from counted full join kept using (kind, day, businessclient_id, billed)
     where counted.n is distinct from kept.n`,
  ]
  const found: Json[] = []
  for (const check of checks) found.push(...(await query(check)).rows)
  return found
}

const order = async (api: TestApi, items: Json[]) => {
  const res = await createOrder(api, items)
  expect(res.status).toBe(201)
  return res.body as Json
}

const service = (client: string, amount: string, currency = 'CZK') =>
  query(
    `insert into services (id, businessclient_id, service_type, category, trigger, unit_price, amount, currency,
       country, service_date, dedupe_key)
     values (gen_random_uuid(), $1, 'fulfilment', 'warehouse', 'Order', $2, $2, $3, 'Czech', current_date,
       gen_random_uuid()::text) returning id`,
    [client, amount, currency],
  )

describe('the dashboard rollups equal a fresh count', () => {
  it('after orders wait for goods, get lines added and removed, and leave No goods', async () => {
    const first = await order(a.api, [{ product: none.id, quantity: 2 }])
    const second = await order(a.api, [
      { product: none.id, quantity: 1 },
      { product: other.id, quantity: 3 },
    ])
    expect(first.status).toBe('No goods')
    expect(await drift()).toEqual([])
    const added = await a.api.post(`/api/orders/${first._id}/items`, {
      product: other.id,
      quantity: 5,
      price: 0,
    })
    expect(added.status).toBe(200)
    expect(await drift()).toEqual([])
    const line = (second.items as Json[]).find((i) => i.product?._id === other.id || i.product === other.id)
    expect(line).toBeDefined()
    expect((await a.api.delete(`/api/orders/${second._id}/items/${line!._id}`)).status).toBe(200)
    expect(await drift()).toEqual([])
    // quantity changed and a line paired to another product by SQL (an import's correction)
    await query('update order_items set quantity = quantity + 4 where order_id = $1', [first._id])
    await query('update order_items set product_id = $2 where order_id = $1 and product_id = $3', [
      second._id,
      other.id,
      none.id,
    ])
    expect(await drift()).toEqual([])
    expect((await a.api.post(`/api/orders/${second._id}/cancel`)).status).toBe(200)
    expect(await drift()).toEqual([])
  })

  it('after COD WAITING orders come, change amount and country, and are delivered', async () => {
    const made = [await order(b.api, []), await order(b.api, []), await order(b.api, [])]
    const ids = made.map((o) => o._id)
    await query(
      `update orders set status = 'COD WAITING', cod_apply = true, cod_amount = 12.34 where id = any($1)`,
      [ids],
    )
    expect(await drift()).toEqual([])
    await query(`update orders set cod_amount = 99.99 where id = $1`, [ids[0]])
    await query(`update orders set ship_to_country = 'Slovakia' where id = $1`, [ids[1]])
    expect(await drift()).toEqual([])
    await query(`update orders set status = 'Delivered' where id = $1`, [ids[2]])
    // a client moved: its waiting cash moves with it
    await query(`update orders set businessclient_id = $2 where id = $1`, [ids[0], a.client.id])
    expect(await drift()).toEqual([])
  })

  it('after set-based SQL: a multi-row insert, a delete of a waiting order with its lines, a product deleted', async () => {
    const waiting = await order(a.api, [
      { product: none.id, quantity: 1 },
      { product: other.id, quantity: 2 },
    ])
    await query(
      `insert into orders (id, businessclient_id, status, ship_to_country, ship_to_city, ship_to_street,
         ship_to_postcode, ship_to_client, created_at)
       select gen_random_uuid(), $1, s, 'Czech', 'Brno', 'Údolní', '602 00',
              (select ship_to_client from orders where businessclient_id = $1 limit 1), now() - interval '5 days'
       from unnest(array['New', 'No goods', 'Shipping', 'COD WAITING']) s`,
      [a.client.id],
    )
    expect(await drift()).toEqual([])
    await query('delete from orders where id = $1', [waiting._id])
    expect(await drift()).toEqual([])
    // a product deleted: its lines lose the product (set null), their demand goes
    const gone = await desk.stocked(a.client.id, 0)
    await order(a.api, [{ product: gone.id, quantity: 7 }])
    await query(
      'delete from order_blocks where order_item_id in (select id from order_items where product_id = $1)',
      [gone.id],
    )
    await query('delete from inventory_cards where product_id = $1', [gone.id])
    await query('delete from products where id = $1', [gone.id])
    expect(
      (await query('select count(*)::int as n from order_items where product_id = $1', [gone.id])).rows[0].n,
    ).toBe(0)
    expect(await drift()).toEqual([])
  })

  it('after services are recorded, billed, edited, unbilled and deleted', async () => {
    const [s1] = (await service(a.client.id, '10.10')).rows
    const [s2] = (await service(a.client.id, '5.05')).rows
    await service(b.client.id, '3.00', 'EUR')
    expect(await drift()).toEqual([])
    const bill = await insertBareBill(t, a.client.id)
    await query('update services set bill_id = $2 where id = $1', [s1.id, bill])
    expect(await drift()).toEqual([])
    await query(`update services set amount = 6.06 where id = $1`, [s2.id])
    await query(`update services set created_at = now() - interval '40 days' where id = $1`, [s2.id])
    expect(await drift()).toEqual([])
    await query('update services set bill_id = null where id = $1', [s1.id])
    await query('delete from services where id = $1', [s2.id])
    expect(await drift()).toEqual([])
  })

  it('stay exact through the minutely merge, which folds the deltas into few rows', async () => {
    const deltas = async () =>
      Number(
        (
          await query(
            `select (select count(*) from order_day_status_counts where not merged)
                  + (select count(*) from cod_waiting_totals where not merged)
                  + (select count(*) from nogoods_demand where not merged)
                  + (select count(*) from unbilled_service_totals where not merged)
                  + (select count(*) from service_day_counts where not merged) as n`,
          )
        ).rows[0].n,
      )
    expect(await deltas()).toBeGreaterThan(0)
    const before = await admin.get('/api/dashboard')
    expect(before.status).toBe(200)
    expect(await mergeDashboardRollups(t.db)).toBeGreaterThan(0)
    expect(await deltas()).toBe(0)
    expect(await drift()).toEqual([])
    const after = await admin.get('/api/dashboard')
    const { computedAt: _b, ...figuresBefore } = before.body
    const { computedAt: _a, ...figuresAfter } = after.body
    expect(figuresAfter).toEqual(figuresBefore)
    // merged rows that reached zero are dropped, and a second merge finds nothing
    expect(
      Number(
        (await query('select count(*) from nogoods_demand where lines = 0 and quantity = 0')).rows[0].count,
      ),
    ).toBe(0)
    expect(await mergeDashboardRollups(t.db)).toBe(0)
  })

  it('give the services list the total a count of the services would, for every range and status', async () => {
    // services spread over three months of alpha and beta, some billed
    await query(
      `insert into services (id, businessclient_id, service_type, category, trigger, unit_price, amount, currency,
         country, service_date, dedupe_key, created_at, bill_id)
       select gen_random_uuid(), case when i % 3 = 0 then $2::uuid else $1::uuid end, 'fulfilment', 'warehouse',
              'Order', 1, 1, 'CZK', 'Czech', current_date, 'range-' || i,
              date_trunc('month', now()) - make_interval(days => i % 80) + make_interval(hours => i % 24),
              case when i % 5 = 0 then (select id from bills limit 1) end
       from generate_series(1, 400) i`,
      [a.client.id, b.client.id],
    )
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    const iso = (d: Date) => d.toISOString().slice(0, 10)
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
    const ago = (days: number) => iso(new Date(monthStart.getTime() - days * 86_400_000))
    const ranges: Json[] = [
      {},
      { dateFrom: ago(70), dateTo: ago(1) },
      { dateFrom: ago(45), dateTo: ago(40) },
      { dateFrom: ago(33) },
      { dateTo: ago(20) },
      { dateFrom: ago(59), dateTo: iso(new Date()) },
    ]
    for (const range of ranges) {
      for (const status of ['all', 'billed', 'notbilled']) {
        for (const [api, client] of [
          [finance, undefined],
          [finance, b.client.id],
          [a.api, a.client.id],
        ] as [TestApi, string | undefined][]) {
          const narrowed = api === finance && client ? { businessclient: client } : {}
          const res = await api.post('/api/services/billable', {
            ...range,
            ...narrowed,
            status,
            itemsPerPage: 10,
          })
          expect(res.status).toBe(200)
          const from = range.dateFrom ? `${range.dateFrom}T00:00:00Z` : '1970-01-01T00:00:00Z'
          const before = range.dateTo
            ? new Date(new Date(`${range.dateTo}T00:00:00Z`).getTime() + 86_400_000).toISOString()
            : '2999-01-01T00:00:00Z'
          const { rows } = await query(
            `select count(*)::int as n from services where created_at >= $1 and created_at < $2
               and ($3::uuid is null or businessclient_id = $3)
               and ($4 = 'all' or (bill_id is not null) = ($4 = 'billed'))`,
            [from, before, client ?? null, status],
          )
          expect(res.body.total, JSON.stringify({ range, status, client })).toBe(rows[0].n)
        }
      }
    }
  })

  it('after a business client is deleted with everything it has (cascade), staff figures lose it', async () => {
    const gone = await t.tenantWithApi({ client: { name: 'Gamma Rollups a.s.' } })
    const product = await desk.stocked(gone.client.id, 0)
    await order(gone.api, [{ product: product.id, quantity: 2 }])
    await service(gone.client.id, '1.00')
    await query('delete from services where businessclient_id = $1', [gone.client.id])
    await query('delete from users where businessclient_id = $1', [gone.client.id])
    await query('delete from products where businessclient_id = $1', [gone.client.id])
    await query('delete from business_clients where id = $1', [gone.client.id])
    expect(await drift()).toEqual([])
  })
})
