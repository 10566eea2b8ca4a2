import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { productFor } from '../../../test/stock-fixtures.ts'
import { seedStock } from './stock.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const one = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows[0]

describe('seedStock', () => {
  it('seeds unpaired goods and shipments when there are no products', async () => {
    const tenant = await t.factory.tenant()
    await Promise.all([t.factory.warehouse(), t.factory.warehouse(), t.factory.company()])
    await t.db.transaction((tx) => seedStock(tx, [tenant.client.id]))
    const row = await one(
      'select count(*)::int as n from inventory_cards where product_id is null and businessclient_id = $1',
      [tenant.client.id],
    )
    expect(row.n).toBeGreaterThan(0)
  })

  it('stocks every product with consistent running balances and shipments in every status', async () => {
    const tenant = await t.factory.tenant()
    for (let i = 0; i < 40; i++) await productFor(t, tenant.client.id, { sku: `SEED-${i}` })
    await t.db.transaction((tx) => seedStock(tx, [tenant.client.id]))
    const cards = await one(
      `select count(distinct product_id)::int as products from inventory_cards where businessclient_id = $1`,
      [tenant.client.id],
    )
    expect(cards.products).toBe(40)
    const broken = await one(
      `select count(*)::int as n from inventory_cards c
       left join lateral (select total_after, quantity_available from stock_movements m
                          where m.inventory_card_id = c.id order by created_at desc, id desc limit 1) l on true
       where c.businessclient_id = $1 and (
         c.total <> (select coalesce(sum(quantity), 0) from stock_movements m where m.inventory_card_id = c.id)
         or l.total_after is distinct from c.total or l.quantity_available is distinct from c.available)`,
      [tenant.client.id],
    )
    expect(broken.n).toBe(0)
    const statuses = await t.database.pool.query(
      `select distinct s.status from inbound_shipments s join goods_received g on g.inbound_shipment_id = s.id
       where s.businessclient_id = $1`,
      [tenant.client.id],
    )
    expect(statuses.rows.map((r) => r.status).sort()).toEqual(
      ['Delivered', 'New', 'Partially Delivered', 'Processed', 'Shipping', 'pending'].sort(),
    )
    const oldest = await one(
      `select min(m.created_at) as at from stock_movements m join inventory_cards c on c.id = m.inventory_card_id
       where c.businessclient_id = $1`,
      [tenant.client.id],
    )
    expect(Date.now() - new Date(oldest.at).getTime()).toBeGreaterThan(60 * 86_400_000)
  })
})
