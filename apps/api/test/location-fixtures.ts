import { expect } from 'vitest'
import type { TestApi, TestApp } from './app.ts'

/** Creates locations by ranges as `api` (an operator); fails on anything but 201. */
export async function bulkLocations(
  api: TestApi,
  warehouse: string,
  ranges: { zone: string; aisles: [number, number]; racks: [number, number]; levels: [number, number] },
) {
  const res = await api.post('/api/locations/bulk', {
    warehouse,
    zone: ranges.zone,
    aisles: { from: ranges.aisles[0], to: ranges.aisles[1] },
    racks: { from: ranges.racks[0], to: ranges.racks[1] },
    levels: { from: ranges.levels[0], to: ranges.levels[1] },
  })
  if (res.status !== 201) throw new Error(`bulk → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** What lies at a location, by code: SKU → quantity (as the operator's scan answers it). */
export async function lyingAt(
  api: TestApi,
  warehouse: string,
  code: string,
): Promise<Record<string, number>> {
  const res = await api.get(`/api/locations/scan?warehouse=${warehouse}&code=${encodeURIComponent(code)}`)
  if (res.status !== 200) throw new Error(`scan ${code} → ${res.status} ${JSON.stringify(res.body)}`)
  return Object.fromEntries(res.body.list.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity]))
}

/**
 * The ledger's location invariant over the whole database: every card's goods lie in locations of its own
 * warehouse, the sum over its locations is its total (available + blocked), no balance is negative, and each
 * location's balance of a card is the sum of the card's movements there.
 */
export async function expectLocationInvariant(t: TestApp) {
  const { pool } = t.database
  const { rows: cards } = await pool.query(
    `select c.id, c.total,
            coalesce((select sum(s.quantity) from location_stock s where s.inventory_card_id = c.id), 0)::int as placed,
            (select count(*) from location_stock s join warehouse_locations l on l.id = s.location_id
              where s.inventory_card_id = c.id and l.warehouse_id <> c.warehouse_id)::int as foreign_places
     from inventory_cards c`,
  )
  for (const c of cards)
    expect({ card: c.id, placed: c.placed, foreign: c.foreign_places }).toEqual({
      card: c.id,
      placed: c.total,
      foreign: 0,
    })
  const { rows: drift } = await pool.query(
    `select * from (select location_id, inventory_card_id, sum(quantity)::int as ledger from stock_movements
                    where location_id is not null group by 1, 2) m
     full join location_stock s using (location_id, inventory_card_id)
     where coalesce(m.ledger, 0) is distinct from coalesce(s.quantity, 0)`,
  )
  expect(drift).toEqual([])
  const { rows: unplaced } = await pool.query(
    'select count(*)::int as n from stock_movements where location_id is null',
  )
  expect(unplaced[0].n).toBe(0)
}
