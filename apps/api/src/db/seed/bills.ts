import { addDays, issueDeadlineOf, monthPeriod } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import { createBillsRepository } from '../../features/bills/bills.repository.ts'
import { createIssuersRepository, type IssuerValues } from '../../features/bills/issuers.repository.ts'
import { issueBill } from '../../features/bills/use-cases/issue-bill.ts'
import { runBills } from '../../features/bills/use-cases/run-bills.ts'
import type { Db } from '../../platform/db/database.ts'
import { bills } from '../schema/index.ts'

const account = (bankname: string, currency: string, IBAN: string, SWIFT: string) => ({
  bankname,
  currency,
  accountNr: '',
  bankCode: '',
  IBAN,
  SWIFT,
})

/**
 * The provider's issuer per country it bills from (IBANs with valid check digits: the PDF's payment QR).
 * Each account is the provider's own (no demo client's or refund's account), its BIC the bank of the code
 * inside a CZ/SK IBAN (the bank-code tables), and no demo client has an issuer's tax number.
 */
const demoIssuers: IssuerValues[] = [
  {
    country: 'Czech',
    name: 'Expedo Fulfilment s.r.o.',
    coid: '08765432',
    taxid: 'CZ08765432',
    address: { street: 'Logistická', streetNr: '7', postcode: '664 42', city: 'Modřice', country: 'Czech' },
    email: 'fakturace@expedo.example',
    bankaccounts: [
      {
        ...account('Fio banka', 'CZK', 'CZ2920100000002901736428', 'FIOBCZPP'),
        accountNr: '2901736428',
        bankCode: '2010',
      },
    ],
    registration: 'C 123456 vedená u Krajského soudu v Brně',
  },
  {
    country: 'Slovakia',
    name: 'Expedo Fulfilment SK s.r.o.',
    coid: '52345678',
    taxid: 'SK2120345678',
    address: {
      street: 'Priemyselná',
      streetNr: '3',
      postcode: '821 09',
      city: 'Bratislava',
      country: 'Slovakia',
    },
    email: 'fakturacia@expedo.example',
    bankaccounts: [account('Tatra banka', 'EUR', 'SK2411000000002612345678', 'TATRSKBX')],
    registration: 'Okresný súd Bratislava I, oddiel Sro, vložka č. 123456/B',
  },
  {
    country: 'Romania',
    name: 'Expedo Fulfilment RO S.R.L.',
    coid: '41876548',
    taxid: 'RO41876548',
    address: {
      street: 'Strada Depozitului',
      streetNr: '9',
      postcode: '077096',
      city: 'Chiajna',
      country: 'Romania',
    },
    email: 'facturare@expedo.example',
    bankaccounts: [account('Banca Transilvania', 'RON', 'RO91BTRLRONCRT0412345601', 'BTRLRO22')],
    registration: 'J23/1234/2020',
  },
]

/**
 * Demo issuers and bills from whatever unbilled services exist (the services seed runs first): every month
 * with services is billed as the monthly job would; past months are locked within their issuer country's
 * deadline with the month's last day as DUZP (FINANCE.md "Deadline": issued the 2nd of the month after; the
 * month before the last on its deadline day, or today when that is still ahead: in due; every other older one
 * paid, the rest overdue) and the last month stays unlocked ('Pending for Approval'). A bill that cannot be
 * locked (no exchange rate for its currency) stays unlocked. Call it after the services are seeded.
 */
export async function seedBills(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const issuers = createIssuersRepository(db)
  for (const issuer of demoIssuers) await issuers.insert(issuer)
  const months = await db.execute<{ month: string }>(
    sql`select distinct to_char(service_date, 'YYYY-MM') as month from services where bill_id is null order by 1`,
  )
  const list = months.rows.map((r) => r.month)
  for (const [index, month] of list.entries()) {
    const run = await runBills(db, month)
    const last = index === list.length - 1
    if (last) continue
    const recent = index === list.length - 2
    const { end } = monthPeriod(month)
    let issued = ''
    for (const [n, made] of run.bills.entries()) {
      try {
        await db.transaction(async (tx) => {
          const row = await createBillsRepository(tx).lock({ kind: 'all' }, made._id)
          if (!row) return
          const deadline = issueDeadlineOf(row.country, end)
          const day = recent ? deadline : minDay(addDays(end, 2), deadline)
          issued = minDay(day, today)
          await issueBill(tx, row, issued)
        })
        if (!recent && (index + n) % 2 === 0)
          await db
            .update(bills)
            .set({ isPaid: true, paidAt: new Date(`${addDays(issued, 10)}T09:00:00Z`) })
            .where(sql`${bills.id} = ${made._id}`)
      } catch {
        // No exchange rate for a foreign-currency bill: it stays unlocked, as finance would find it.
      }
    }
  }
}

const minDay = (a: string, b: string) => (a < b ? a : b)
