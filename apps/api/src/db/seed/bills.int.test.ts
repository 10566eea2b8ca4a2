import { addDays, issueDeadlineOf } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { insertServices } from '../../../test/bill-fixtures.ts'
import { seedBills } from './bills.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('seedBills', () => {
  it('bills every month of the unbilled services: older months locked (paid or overdue), the month before the last in due, the last unlocked', async () => {
    const today = '2026-11-27'
    const c = await t.tenantWithApi()
    for (const day of ['2026-07-10', '2026-08-10', '2026-09-10', '2026-10-10', '2026-11-10'])
      await insertServices(t, { businessclientId: c.client.id, count: 3, day })
    const ro = await t.tenantWithApi({ client: { addressCountry: 'Romania' } })
    await insertServices(t, {
      businessclientId: ro.client.id,
      count: 2,
      day: '2026-10-10',
      country: 'Romania',
      currency: 'RON',
    })
    await seedBills(t.database.db, today)
    const rows = (
      await t.database.pool.query(
        `select period_start::text as start, locked, is_paid, due_date::text as due from bills
         where businessclient_id = $1 order by period_start`,
        [c.client.id],
      )
    ).rows
    expect(rows.map((r) => [r.start, r.locked, r.is_paid])).toEqual([
      ['2026-07-01', true, true],
      ['2026-08-01', true, false],
      ['2026-09-01', true, true],
      ['2026-10-01', true, false],
      ['2026-11-01', false, false],
    ])
    expect(rows[1].due < today).toBe(true)
    // October's bill issued on its Czech deadline, 15 November: in due.
    expect(rows[3].due).toBe(addDays('2026-11-15', 14))
    // Every locked bill within its issuer country's deadline, DUZP the month's last day (FINANCE.md "Deadline").
    const locked = (
      await t.database.pool.query(
        `select country, period_end::text as end, issued_date::text as issued, tax_date::text as tax
         from bills where locked and kind = 'bill' and businessclient_id in ($1, $2) order by period_end`,
        [c.client.id, ro.client.id],
      )
    ).rows
    expect(locked).toHaveLength(5)
    for (const b of locked) {
      expect(b.tax).toBe(b.end)
      expect(b.issued > b.end && b.issued <= issueDeadlineOf(b.country, b.end), JSON.stringify(b)).toBe(true)
    }
    expect(locked.find((b) => b.country === 'Romania')).toMatchObject({
      end: '2026-10-31',
      issued: '2026-11-06',
    })
    const issuers = await t.database.pool.query('select country from issuers order by country')
    expect(issuers.rows.map((r) => r.country)).toEqual(['Czech', 'Romania', 'Slovakia'])
    // A second seed finds nothing left to bill.
    await seedBills(t.database.db, today)
    const count = await t.database.pool.query(
      'select count(*)::int as n from bills where businessclient_id = $1',
      [c.client.id],
    )
    expect(count.rows[0].n).toBe(5)
  })
})
