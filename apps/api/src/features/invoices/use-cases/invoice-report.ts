import { addDays, cents, type InvoiceReport, type InvoiceReportQuery, moneyNumber } from '@expedo/domain'
import type { Db } from '../../../platform/db/database.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { createInvoiceReportsRepository, type GroupRow } from '../invoice-reports.repository.ts'

const keyOf = (r: { year: number; month: number; country: string }) => `${r.year}-${r.month}-${r.country}`

/** The report's period: dateFrom..dateTo (whole days); by default the last twelve months. */
function periodOf(q: InvoiceReportQuery) {
  const today = new Date().toISOString().slice(0, 10)
  const from = q.dateFrom ?? `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`
  return { from, until: addDays(q.dateTo ?? today, 1), businessclientId: q.businessclient }
}

const sum = (rows: GroupRow[], field: 'netto' | 'vat' | 'brutto') =>
  moneyNumber(rows.reduce((a, r) => a + cents(r[field]), 0n))

/**
 * Spec §3 Invoice summary group (`GET /reports/invoices`, `/reports/creditnotes`): issued documents by year,
 * month and customer country, with their currencies, totals per currency and the newest documents; and the
 * credit notes of the period in one line.
 */
export async function invoiceReport(
  db: Db,
  auth: AuthContext,
  q: InvoiceReportQuery,
  kind: 'invoice' | 'creditnote',
): Promise<InvoiceReport> {
  const repo = createInvoiceReportsRepository(db)
  const period = periodOf(q)
  const [groups, documents, credit] = await Promise.all([
    repo.groups(auth.scope, period, kind),
    repo.groupDocuments(auth.scope, period, kind),
    repo.groups(auth.scope, period, 'creditnote'),
  ])
  const byKey = new Map<string, GroupRow[]>()
  for (const g of groups) byKey.set(keyOf(g), [...(byKey.get(keyOf(g)) ?? []), g])
  const docsByKey = new Map<string, typeof documents>()
  for (const d of documents) docsByKey.set(keyOf(d), [...(docsByKey.get(keyOf(d)) ?? []), d])
  const creditByCurrency = new Map<string, GroupRow[]>()
  for (const c of credit) creditByCurrency.set(c.currency, [...(creditByCurrency.get(c.currency) ?? []), c])
  return {
    list: [...byKey.values()].map((rows) => {
      const [first] = rows as [GroupRow]
      return {
        _id: { month: first.month, year: first.year, country: first.country },
        count: rows.reduce((a, r) => a + r.count, 0),
        currency: rows.map((r) => r.currency),
        totals: rows.map((r) => ({
          currency: r.currency,
          NETTO_total: Number(r.netto),
          VAT_total: Number(r.vat),
          BRUTTO_total: Number(r.brutto),
        })),
        list: (docsByKey.get(keyOf(first)) ?? []).map((d) => ({
          _id: d.id,
          sequenceNumber: d.number,
          BRUTTO_total: Number(d.brutto),
          currency: d.currency,
        })),
      }
    }),
    total: groups.reduce((a, r) => a + r.count, 0),
    creditNotes: {
      count: credit.reduce((a, r) => a + r.count, 0),
      totals: [...creditByCurrency.entries()].map(([currency, rows]) => ({
        currency,
        BRUTTO_total: sum(rows, 'brutto'),
      })),
    },
  }
}
