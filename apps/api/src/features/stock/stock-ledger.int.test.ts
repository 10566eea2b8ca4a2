import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { createShipment, productFor, receivingDesk } from '../../../test/stock-fixtures.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    return s / 2 ** 31
  }
}

describe('stock ledger invariant', () => {
  it('keeps total = Σ movements and total_after of the latest movement = total, under concurrent writers', async () => {
    const rnd = random(20_261_121)
    const desk = await receivingDesk(t)
    const tenant = await t.factory.tenant()
    const skus = ['INV-1', 'INV-2', 'INV-3']
    await productFor(t, tenant.client.id, { sku: 'INV-1' })
    const shipment = await createShipment(desk.api, {
      warehouse: desk.warehouse.id,
      businessclient: tenant.client.id,
    })
    const warehouse2 = await t.factory.warehouse()
    const shipment2 = await createShipment(desk.api, {
      warehouse: warehouse2.id,
      businessclient: tenant.client.id,
    })

    const receive = (ship: string) =>
      desk.api.post(`/api/shipments/inbound/${ship}/goodsreceived`, {
        sku: skus[Math.floor(rnd() * skus.length)],
        quantity: Math.floor(rnd() * 20),
        quantity_damaged: Math.floor(rnd() * 3),
      })
    const adjustSomething = async () => {
      const list = await desk.api.post('/api/inventorycards/stocks', {
        filters: { businessclient: [tenant.client.id] },
        itemsPerPage: 0,
      })
      if (!list.body.list.length) return { status: 201 }
      const card = list.body.list[Math.floor(rnd() * list.body.list.length)]
      const quantity = Math.floor(rnd() * 15) - 10 || 1
      return desk.api.post(`/api/inventorycards/${card._id}/adjust`, { quantity, reason: 'Random count' })
    }

    for (let round = 0; round < 12; round++) {
      const ops = Array.from({ length: 6 }, () => {
        const r = rnd()
        if (r < 0.4) return receive(shipment)
        if (r < 0.6) return receive(shipment2)
        return adjustSomething()
      })
      const answers = await Promise.all(ops)
      // An adjustment below zero is refused (400); everything else succeeds.
      for (const res of answers) expect([200, 201, 400]).toContain(res.status)
    }

    const { rows } = await t.database.pool.query<{
      id: string
      available: number
      blocked: number
      total: number
      sum: string | null
      latest_total: number | null
      latest_available: number | null
      negative: string
    }>(
      `select c.id, c.available, c.blocked, c.total,
              (select sum(quantity) from stock_movements m where m.inventory_card_id = c.id) as sum,
              l.total_after as latest_total, l.quantity_available as latest_available,
              (select count(*) from stock_movements m where m.inventory_card_id = c.id and m.quantity_available < 0) as negative
       from inventory_cards c
       left join lateral (select total_after, quantity_available from stock_movements m
                          where m.inventory_card_id = c.id order by created_at desc, id desc limit 1) l on true
       where c.businessclient_id = $1`,
      [tenant.client.id],
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const card of rows) {
      expect(card.total).toBe(Number(card.sum ?? 0))
      expect(card.latest_total).toBe(card.total)
      expect(card.latest_available).toBe(card.available)
      expect(card.available).toBeGreaterThanOrEqual(0)
      expect(Number(card.negative)).toBe(0)
    }
    // The totals kept by triggers match the cards they summarise.
    const { rows: drift } = await t.database.pool.query(
      `select warehouse_id, c.cards as counted, s.cards as kept from (select warehouse_id, businessclient_id, count(*) as cards, sum(available) as available,
                             sum(blocked) as blocked from inventory_cards group by 1, 2) c
       full join stock_totals s using (warehouse_id, businessclient_id)
       where s.cards is distinct from c.cards or s.available is distinct from c.available
          or s.blocked is distinct from c.blocked`,
    )
    expect(drift).toEqual([])
  })

  it('refuses to edit or delete a movement (append-only in the database)', async () => {
    const { pool } = t.database
    const { rows } = await pool.query<{ id: string }>('select id from stock_movements limit 1')
    await expect(
      pool.query('update stock_movements set quantity = 0 where id = $1', [rows[0]!.id]),
    ).rejects.toThrow(/append-only/)
    await expect(pool.query('delete from stock_movements where id = $1', [rows[0]!.id])).rejects.toThrow(
      /append-only/,
    )
  })
})
