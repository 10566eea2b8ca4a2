import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'
import { orders } from '../../db/schema/index.ts'
import { StatementParams } from '../../platform/db/prepared.ts'
import { orderListConditions } from './orders-list.repository.ts'

/**
 * The search without a key reads the trigram indexes of migration 0010: each ILIKE is written with its
 * index's own expression, so PostgreSQL can OR the indexes' bitmaps instead of reading every order.
 */

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
const made: Json[] = []

beforeAll(async () => {
  t = await createTestApp()
  const desk = await orderDesk(t)
  c = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
  const p = await desk.stocked(c.client.id, 0)
  const shipTo = { country: 'Czech', city: 'Brno', street: 'Údolní', postcode: '602 00' }
  for (const [nr, firstName, phone] of [
    ['TRGM-41', 'Ilona', '+420 601 111 222'],
    ['TRGM-42', 'Oto', '+420 602 333 444'],
  ]) {
    const res = await createOrder(c.api, [{ product: p.id, quantity: 1 }], {
      clientOrderNr: nr,
      shipTo: { ...shipTo, phone, client: { firstName, lastName: 'Novák' } },
    })
    expect(res.status).toBe(201)
    made.push(res.body)
  }
})
afterAll(() => t?.close())

/** The plan of the search's condition with sequential and plain index scans off: bitmap scans or nothing. */
async function bitmapPlan(term: string): Promise<string> {
  const where = orderListConditions(
    t.db,
    { kind: 'all' },
    { dateField: 'createdAt', search: { term } },
    new StatementParams({ inline: true }),
  )
  const query = t.db.select({ id: orders.id }).from(orders).where(where).toSQL()
  const client = await t.database.pool.connect()
  try {
    await client.query('begin')
    await client.query('set local enable_seqscan = off')
    await client.query('set local enable_indexscan = off')
    const { rows } = await client.query(`explain ${query.sql}`, query.params)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  } finally {
    await client.query('rollback')
    client.release()
  }
}

describe('search without a key', () => {
  it('can read every condition from an index (number, customer name, both phones)', async () => {
    const plan = await bitmapPlan('novák')
    expect(plan).toContain('BitmapOr')
    for (const index of [
      'orders_client_order_nr_trgm_idx',
      'orders_customer_name_trgm_idx',
      'orders_ship_to_phone_trgm_idx',
      'orders_client_phone_trgm_idx',
    ])
      expect(plan).toContain(index)
    expect(plan).not.toContain('Seq Scan')
    // A digits-only term is also the internal number, matched exactly by its unique index.
    expect(await bitmapPlan('1042')).toContain('orders_internal_numeric_id_idx')
  })

  it('finds by any field; a term of 1 or 2 characters only by the internal number', async () => {
    const search = async (searchTerm: string) => {
      const res = await c.api.post('/api/orders/find/search', { searchTerm })
      expect(res.status).toBe(200)
      return res.body.list.map((o: Json) => o.clientOrderNr).sort()
    }
    expect(await search('trgm-42')).toEqual(['TRGM-42'])
    expect(await search('ILONA nov')).toEqual(['TRGM-41'])
    expect(await search('333 4')).toEqual(['TRGM-42'])
    expect(await search(String(made[0].internalNumericId))).toContain('TRGM-41')
    expect(await search('-42')).toEqual(['TRGM-42'])
    expect(await search('zzz')).toEqual([])
    // A shorter term has no trigram: it would read every order, so it is refused (the number is exact).
    for (const searchTerm of ['4', 'zz']) {
      const res = await c.api.post('/api/orders/find/search', { searchTerm })
      expect(res.status).toBe(400)
    }
    const byNumber = await c.api.post('/api/orders/find/search', {
      searchTerm: String(made[1].internalNumericId),
      key: 'internalNumericId',
    })
    expect(byNumber.body.list.map((o: Json) => o.clientOrderNr)).toEqual(['TRGM-42'])
  })
})
