import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { codOrder } from '../../../test/cod-fixtures.ts'
import { seedCod } from './cod.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('seedCod', () => {
  it('leaves expected, collected and mismatched COD and transfers in each status', async () => {
    await t.userWithToken({ roles: ['finance'], username: t.factory.unique('finance') })
    const c = await t.tenantWithApi()
    for (let i = 0; i < 40; i++) {
      await codOrder(
        t,
        c.client.id,
        100 + i,
        i >= 36 ? { waitingSince: new Date(Date.now() - 40 * 86_400_000) } : {},
      )
    }
    await seedCod(t.database.db)
    const q = async (text: string) => (await t.database.pool.query(text, [c.client.id])).rows
    const transfers = await q(
      'select status, orders_count from cod_transfers where businessclient_id = $1 order by tranffer_nr',
    )
    expect(transfers.map((r) => r.status)).toEqual(['Paid', 'Sent', 'New'])
    expect(transfers.every((r) => r.orders_count > 0)).toBe(true)
    const kinds = await q(
      `select kind, count(*)::int as n from cod_mismatches where businessclient_id = $1 or businessclient_id is null group by kind order by kind`,
    )
    expect(kinds.map((r) => r.kind)).toEqual(['amount_differs', 'not_paid', 'unknown_tracking'])
    const [open] = await q(
      `select count(*)::int as n from cod_collections where businessclient_id = $1 and transfer_id is null`,
    )
    expect(open.n).toBeGreaterThan(0)
    const [expected] = await q(
      `select count(*)::int as n from orders o where businessclient_id = $1 and status = 'COD WAITING'
         and not exists (select 1 from cod_collections c where c.order_id = o.id)`,
    )
    expect(expected.n).toBeGreaterThan(0)
    const [delivered] = await q(
      `select count(*)::int as n from orders where businessclient_id = $1 and status = 'Delivered' and cod_transfer_id is not null`,
    )
    expect(delivered.n).toBe(transfers.reduce((s, r) => s + r.orders_count, 0))
  })
})
