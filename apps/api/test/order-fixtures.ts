import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { inventoryCards } from '../src/db/schema/index.ts'
import type { Json, TestApi, TestApp } from './app.ts'
import { createShipment, productFor, receiveLine, receivingDesk } from './stock-fixtures.ts'

export const shipTo = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '53', postcode: '602 00' }

/** Order helpers over one test app: an operator's warehouse to receive stock into, and the checks. */
export async function orderDesk(t: TestApp) {
  const op = await receivingDesk(t)

  /** A product of `clientId` with `quantity` received into the operator's warehouse. */
  async function stocked(clientId: string, quantity: number) {
    const sku = t.factory.unique('SKU')
    const product = await productFor(t, clientId, { sku, name: `Product ${sku}`, weightGrams: 250 })
    if (quantity > 0) {
      const shipment = await createShipment(op.api, { warehouse: op.warehouse.id, businessclient: clientId })
      await receiveLine(op.api, shipment, { sku, quantity })
    }
    return product
  }

  /** The client's one card of that SKU. */
  async function card(clientId: string, sku: string) {
    const [row] = await t.db
      .select()
      .from(inventoryCards)
      .where(and(eq(inventoryCards.businessclientId, clientId), eq(inventoryCards.sku, sku)))
    return row!
  }

  /** After any interleaving: never negative, blocked = Σ blocks, total = Σ ledger, trigger totals match. */
  async function expectStockInvariants(clientId: string) {
    const { pool } = t.database
    const { rows: cards } = await pool.query(
      `select c.id, c.available, c.blocked, coalesce((select sum(quantity) from order_blocks b
         where b.inventory_card_id = c.id), 0)::int as held,
         coalesce((select sum(quantity) from stock_movements m where m.inventory_card_id = c.id), 0)::int as ledger
       from inventory_cards c where c.businessclient_id = $1`,
      [clientId],
    )
    for (const c of cards) {
      expect(c.available).toBeGreaterThanOrEqual(0)
      expect(c.blocked).toBe(c.held)
      expect(c.available + c.blocked).toBe(c.ledger)
    }
    const { rows: drift } = await pool.query(
      `select * from (select warehouse_id, businessclient_id, count(*) as cards, sum(available) as available,
                      sum(blocked) as blocked from inventory_cards group by 1, 2) c
       full join stock_totals s using (warehouse_id, businessclient_id)
       where s.cards is distinct from c.cards or s.available is distinct from c.available
          or s.blocked is distinct from c.blocked`,
    )
    expect(drift).toEqual([])
  }

  return { op, stocked, card, expectStockInvariants }
}

/**
 * The usual cast of an orders test: client A (its user's API) and client B (its user's API), an admin, an
 * operator and the order desk.
 */
export async function ordersCast(t: TestApp, names: { a: string; b: string }) {
  const a = await t.factory.tenant({ client: { name: names.a } })
  const b = await t.factory.tenant({ client: { name: names.b } })
  return {
    a,
    asA: t.as(await t.tokenFor(a.user)),
    asB: t.as(await t.tokenFor(b.user)),
    admin: await t.asAdmin(),
    operator: (await t.userWithToken({ roles: ['operator'], username: t.factory.unique('op') })).api,
    desk: await orderDesk(t),
  }
}

export const createOrder = (
  api: TestApi,
  items: { product: string; quantity: number; price?: number }[],
  extra: Json = {},
) => api.post('/api/orders/create/new', { shipTo, items, ...extra })

/** The change log's lines of an order answer, oldest first. */
export const logLines = (order: Json): string[] => order.changeLogs.map((l: Json) => l.what)

/** Moves an order through `statuses` one PUT at a time as `api`, failing on anything but 200. */
export async function walk(api: TestApi, orderId: string, statuses: string[]): Promise<Json> {
  let order: Json
  for (const status of statuses) {
    const res = await api.put(`/api/orders/${orderId}`, { status })
    if (res.status !== 200) throw new Error(`→ ${status}: ${res.status} ${JSON.stringify(res.body)}`)
    order = res.body
  }
  return order
}
