import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { changeLogEntryOf, changeLogText } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder, ordersCast } from '../../../test/order-fixtures.ts'

/**
 * The change log as event codes (issue 27): each row answers its event and parameters next to the English
 * sentence, so the web renders it in the reader's language; rows older than codes get theirs from the
 * migration's backfill.
 */

let t: TestApp
let a: Tenant
let asA: TestApi
let desk: Awaited<ReturnType<typeof ordersCast>>['desk']

beforeAll(async () => {
  t = await createTestApp()
  ;({ a, asA, desk } = await ordersCast(t, { a: 'Alpha Log s.r.o.', b: 'Beta Log SRL' }))
})
afterAll(() => t?.close())

/** A New order of A with one line of a product that has `stock` units. */
async function orderWith(stock: number) {
  const product = await desk.stocked(a.client.id, stock)
  const res = await createOrder(asA, [{ product: product.id, quantity: 1, price: 20 }])
  expect(res.status).toBe(201)
  return res.body
}

const logsOf = async (id: string): Promise<Json[]> => (await asA.get(`/api/orders/${id}`)).body.changeLogs

describe('order change log events', () => {
  it('answers a status change with its event and parameters next to the English sentence', async () => {
    const order = await orderWith(1)
    expect(order.changeLogs.map((l: Json) => [l.event, l.params])).toEqual([
      ['created', { status: 'New' }],
      ['statusChanged', { from: 'New', to: 'Order Ready for picking', stock: 'blocked' }],
    ])
    const res = await asA.put(`/api/orders/${order._id}`, { status: 'Canceled' })
    expect(res.status).toBe(200)
    expect(res.body.changeLogs.at(-1)).toEqual({
      what: 'Status: Order Ready for picking → Canceled (blocked stock released)',
      who: { _id: a.user.id, username: a.user.username },
      when: expect.any(String),
      event: 'statusChanged',
      params: { from: 'Order Ready for picking', to: 'Canceled', stock: 'released' },
    })
  })

  it('answers field changes with the field key, its value kind and the values as data', async () => {
    const order = await orderWith(0)
    const res = await asA.put(`/api/orders/${order._id}`, {
      shipTo: { country: 'Slovakia', client: { isCompany: false } },
      payment: { COD: { amount: 12.5 } },
    })
    expect(res.status).toBe(200)
    const added = res.body.changeLogs.slice(order.changeLogs.length)
    expect(added.map((l: Json) => ({ what: l.what, event: l.event, params: l.params }))).toEqual([
      {
        what: 'Country: Czech → Slovakia',
        event: 'fieldChanged',
        params: { field: 'shipTo.country', kind: 'country', from: 'Czech', to: 'Slovakia' },
      },
      {
        what: 'COD: no → yes',
        event: 'fieldChanged',
        params: { field: 'codApply', kind: 'boolean', from: false, to: true },
      },
      {
        what: 'COD amount: 0.00 → 12.50',
        event: 'fieldChanged',
        params: { field: 'codAmount', kind: 'money', from: 0, to: 12.5 },
      },
      {
        what: 'Payment type: Paid Online → COD',
        event: 'fieldChanged',
        params: { field: 'paymentType', kind: 'paymentType', from: 'Paid Online', to: 'COD' },
      },
    ])
  })

  it('backfills legacy rows from their English text; a sentence it does not know keeps no event', async () => {
    const order = await orderWith(0)
    const legacy = [
      'Order created (New)',
      'Order created (Draft) as a copy of order 1042',
      'Order imported from https://shop.example.cz (New)',
      'Status: Shipping → Delivered',
      'Status: New → Order Ready for picking (stock blocked)',
      'Status: No goods → Order Ready for picking (stock blocked: goods received)',
      'Status: Order Ready for picking → No goods (warehouse changed)',
      'Status: Packed → Canceled (blocked stock released)',
      'Stock blocked again: items changed',
      'Courier: — → PPL (default courier of CZ, assigned automatically)',
      'Client first name: a → b',
      'Warehouse: Praha → —',
      'Shipping cost: 0.00 → 12.50',
      'Weight: — → 1200 g',
      'Generate invoice: no → yes',
      'Item added: SKU-1 Blue mug × 2 (10.00)',
      'Item removed: SKU-1 Blue mug × 2 (10.00)',
      'Items replaced by the e-shop’s order',
      'Total: 10.00 → 12.00',
      'Duplicated as order 123',
      'Deleted in the e-shop; an order in status Packed cannot be canceled',
      'Item SKU-9 paired with product Red lamp',
    ]
    const unknown = 'Something the log once said'
    const { pool } = t.database
    await pool.query('delete from order_change_logs where order_id = $1', [order._id])
    for (const [i, what] of [...legacy, unknown].entries()) {
      await pool.query(
        `insert into order_change_logs (id, order_id, what, username, at)
         values (gen_random_uuid(), $1, $2, 'eshop import', now() + $3 * interval '1 second')`,
        [order._id, what, i],
      )
    }
    for (const statement of backfillStatements()) await pool.query(statement)

    const logs = await logsOf(order._id)
    expect(logs.map((l) => l.what)).toEqual([...legacy, unknown])
    // Every known sentence got an event whose English rendering is the sentence itself.
    for (const log of logs.slice(0, -1)) {
      const entry = changeLogEntryOf(log)
      expect(entry, log.what).not.toBeNull()
      expect(changeLogText(entry!)).toBe(log.what)
    }
    expect(logs.find((l) => l.what === 'Weight: — → 1200 g')?.params).toEqual({
      field: 'weight',
      kind: 'grams',
      from: null,
      to: 1200,
    })
    expect(logs.at(-1)).toMatchObject({ what: unknown, event: null, params: null })
  })
})

/** The UPDATE statements of the migration that added event and params (its backfill). */
function backfillStatements(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations')
  const file = readdirSync(dir).find((f) => f.endsWith('_change_log_events.sql'))!
  return readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--[^\n]*\n)*UPDATE/.test(s))
}
