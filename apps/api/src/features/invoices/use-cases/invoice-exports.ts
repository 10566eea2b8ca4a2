import { addDays, type InvoiceExportQuery } from '@expedo/domain'
import type { Db } from '../../../platform/db/database.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { nonEmpty, type XlsxColumn } from '../../../platform/providers/xlsx-export.ts'
import {
  createInvoiceReportsRepository,
  type InvoiceLineExportRow as Row,
} from '../invoice-reports.repository.ts'
import { createInvoicesRepository } from '../invoices.repository.ts'

const money = (v: string | null) => (v === null ? null : Number(v))

const documentColumns: XlsxColumn<Row>[] = [
  { header: 'Number', value: (r) => r.number ?? 'PROFORMA', width: 18 },
  { header: 'Issue date', format: 'date', value: (r) => r.issuedDate, width: 12 },
  { header: 'Tax date', format: 'date', value: (r) => r.taxDate, width: 12 },
  { header: 'Due date', format: 'date', value: (r) => r.dueDate, width: 12 },
  { header: 'Order', value: (r) => r.orderNr, width: 16 },
  { header: 'Customer', value: (r) => r.customer, width: 26 },
  { header: 'Country', value: (r) => r.country, width: 12 },
  { header: 'Currency', value: (r) => r.currency, width: 9 },
  { header: 'Payment', value: (r) => r.paymentType, width: 14 },
]
const lineColumns: XlsxColumn<Row>[] = [
  { header: 'Item', value: (r) => r.name, width: 30 },
  { header: 'SKU', value: (r) => r.sku, width: 16 },
  { header: 'Quantity', value: (r) => money(r.quantity), width: 10 },
  { header: 'Unit price excl. VAT', value: (r) => money(r.nettoPrice), width: 14 },
  { header: 'VAT %', value: (r) => money(r.vatPercent), width: 8 },
  { header: 'VAT', value: (r) => money(r.vatAmount), width: 12 },
  { header: 'Total excl. VAT', value: (r) => money(r.nettoTotal), width: 14 },
  { header: 'Total incl. VAT', value: (r) => money(r.bruttoTotal), width: 14 },
]

/** The period of an export: dateFrom..dateTo (whole days), by default the current month. */
function periodOf(q: InvoiceExportQuery) {
  const today = new Date().toISOString().slice(0, 10)
  const from = q.dateFrom ?? `${today.slice(0, 8)}01`
  return { from, until: addDays(q.dateTo ?? today, 1), businessclientId: q.businessclient }
}

/** Spec §5: order numbers or ids separated by spaces. */
const refsOf = (ids: string) => [...new Set(ids.split(/\s+/).filter(Boolean))].slice(0, 1000)

/** Only the first row of each document (the credited-invoices export is a row per credit note). */
async function* firstOfEach(batches: AsyncGenerator<Row[]>): AsyncGenerator<Row[]> {
  let last: string | undefined
  for await (const batch of batches) {
    const rows = batch.filter((r) => {
      const first = r.id !== last
      last = r.id
      return first
    })
    if (rows.length) yield rows
  }
}

/** The three invoice exports (spec §7 Exports), streamed as .xlsx. */
export function createInvoiceExports(db: Db) {
  const reports = createInvoiceReportsRepository(db)
  /** The documents of the orders named in `ids` (the period is then ignored), else of the period. */
  const selectionOf = async (auth: AuthContext, q: InvoiceExportQuery, kind: 'invoice' | 'creditnote') =>
    q.ids
      ? {
          ids: await createInvoicesRepository(db).invoicesOfOrders(auth.scope, refsOf(q.ids), {
            kind,
            businessclientId: q.businessclient,
          }),
        }
      : { period: periodOf(q), kind }
  return {
    /** Invoice lines of a period, or of the orders named in `ids` (any state: a draft shows PROFORMA). */
    async invoices(auth: AuthContext, q: InvoiceExportQuery) {
      const selection = await selectionOf(auth, q, 'invoice')
      return {
        filename: 'invoices.xlsx',
        sheet: 'Invoices',
        columns: [...documentColumns, ...lineColumns],
        batches: await nonEmpty(reports.lines(auth.scope, selection)),
      }
    },

    /** Credit notes of a period (or of the orders in `ids`), a row each, beside the invoice they correct. */
    async creditedInvoices(auth: AuthContext, q: InvoiceExportQuery) {
      return {
        filename: 'invoices-credit-notes.xlsx',
        sheet: 'Credit notes',
        columns: [
          { header: 'Invoice', value: (r: Row) => r.invoiceNumber, width: 18 },
          { header: 'Credit note', value: (r: Row) => r.number, width: 18 },
          ...documentColumns.slice(1),
          { header: 'Reason', value: (r: Row) => r.reason, width: 30 },
          { header: 'Total excl. VAT', value: (r: Row) => money(r.docNetto), width: 14 },
          { header: 'VAT', value: (r: Row) => money(r.docVat), width: 12 },
          { header: 'Total incl. VAT', value: (r: Row) => money(r.docBrutto), width: 14 },
        ],
        batches: await nonEmpty(
          firstOfEach(reports.lines(auth.scope, await selectionOf(auth, q, 'creditnote'))),
        ),
      }
    },

    /** Credit note lines of a period, or of the orders named in `ids`. */
    async creditNotes(auth: AuthContext, q: InvoiceExportQuery) {
      return {
        filename: 'credit-notes.xlsx',
        sheet: 'Credit note lines',
        columns: [
          { header: 'Credit note', value: (r: Row) => r.number, width: 18 },
          { header: 'Invoice', value: (r: Row) => r.invoiceNumber, width: 18 },
          ...documentColumns.slice(1),
          ...lineColumns,
        ],
        batches: await nonEmpty(reports.lines(auth.scope, await selectionOf(auth, q, 'creditnote'))),
      }
    },
  }
}
