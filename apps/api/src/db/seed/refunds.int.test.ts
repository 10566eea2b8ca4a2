import { czechAccountIban, isValidIban, refundStatuses } from '@expedo/domain'
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

describe('demo seed: refunds', () => {
  it('gives each demo client refunds in every status', async () => {
    const rows = await query(
      `select b.name, array_agg(distinct r.status order by r.status) as statuses
       from refunds r join business_clients b on b.id = r.businessclient_id group by b.name order by b.name`,
    )
    expect(rows).toHaveLength(2)
    for (const row of rows) expect([...row.statuses].sort(), row.name).toEqual([...refundStatuses].sort())
  })

  it('has payable bank data by the currency rule, the bank error’s message and a real duplicate', async () => {
    const rows = await query(
      `select country, currency, iban, account_nr, account_code, status, error_msgs, order_id, amount, sent_at
       from refunds`,
    )
    for (const r of rows) {
      expect(r.currency).toBe(r.country === 'Czech' ? 'CZK' : 'EUR')
      if (r.currency === 'EUR') expect(isValidIban(r.iban), r.iban).toBe(true)
      else expect(czechAccountIban(r.account_nr, r.account_code), r.account_nr).not.toBeNull()
      expect(r.error_msgs.length > 0).toBe(r.status === 'error')
      expect(r.sent_at !== null).toBe(['Pending Bank Confirmation', 'Refunded', 'error'].includes(r.status))
    }
    for (const d of rows.filter((r) => r.status === 'duplicate'))
      expect(rows.some((r) => r !== d && r.order_id === d.order_id && r.amount === d.amount)).toBe(true)
    // The refund-handling service of each (the demo cards price it).
    const [services] = await query(`select count(*)::int as n from services where trigger = 'Refund'`)
    expect(services.n).toBe(rows.length)
  })
})
