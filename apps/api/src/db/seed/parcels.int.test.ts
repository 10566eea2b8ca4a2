import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { seedDemo } from './demo.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
})
afterAll(() => t?.close())

const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows

describe('demo seed: returned parcels', () => {
  it('has New and Processed parcels of shipped orders, each client its own', async () => {
    const rows = await query(
      `select p.status, count(*)::int as n, bool_and(p.businessclient_id = o.businessclient_id) as own,
              bool_and(p.tracking_id = o.tracking_id and p.tracking_id <> '') as tracked
       from inbound_parcels p join orders o on o.id = p.order_id group by 1 order by 1`,
    )
    expect(rows.map((r) => r.status)).toEqual(['New', 'Processed'])
    for (const r of rows) {
      expect(r.n).toBeGreaterThan(0)
      expect(r.own).toBe(true)
      expect(r.tracked).toBe(true)
    }
  })

  it('put the processed items back through the ledger once (Return), the New ones not at all', async () => {
    const [open] = await query(
      `select count(*)::int as n from inbound_parcel_items i join inbound_parcels p on p.id = i.parcel_id
       where p.status = 'New' and i.stock_movement_id is not null`,
    )
    expect(open.n).toBe(0)
    const moved = await query(
      `select i.quantity, i.condition, m.quantity as stocked, m.quantity_damaged as damaged, m.triggred_by
       from inbound_parcel_items i join inbound_parcels p on p.id = i.parcel_id
       left join stock_movements m on m.id = i.stock_movement_id where p.status = 'Processed'`,
    )
    expect(moved.length).toBeGreaterThan(0)
    for (const m of moved) {
      expect(m.triggred_by).toBe('Return')
      expect(m.condition === 'damaged' ? m.damaged : m.stocked).toBe(m.quantity)
    }
    // The balances still equal the ledger, card by card.
    const [drift] = await query(
      `select count(*)::int as n from inventory_cards c where c.available + c.blocked <>
         coalesce((select sum(quantity) from stock_movements m where m.inventory_card_id = c.id), 0)`,
    )
    expect(drift.n).toBe(0)
  })
})
