import { type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/database.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export interface PeriodFilter {
  from: string
  /** exclusive */
  until: string
  businessclientId?: string
}

/** How many documents of a report group it lists (its count says how many there are). */
export const GROUP_LIST_LIMIT = 50
/** Documents an export reads per statement (keyset paging: memory stays flat whatever the period). */
const DOCUMENTS_PER_BATCH = 1000

const scoped = (scope: TenantScope, f: PeriodFilter, kind: string): SQL =>
  sql`i.kind = ${kind} and i.sequence_number is not null
    and i.issued_date >= ${f.from} and i.issued_date < ${f.until}
    ${tenantOf(scope)}
    ${f.businessclientId ? sql`and i.businessclient_id = ${f.businessclientId}` : sql``}`

/** The tenant filter on alias `i` (a client without a business client matches nothing). */
const tenantOf = (scope: TenantScope): SQL =>
  scope.kind === 'client' ? sql`and i.businessclient_id = ${scope.businessclientId}` : sql``

export interface GroupRow {
  year: number
  month: number
  country: string
  currency: string
  count: number
  netto: string
  vat: string
  brutto: string
}
export interface GroupDocRow {
  year: number
  month: number
  country: string
  id: string
  number: string
  brutto: string
  currency: string
}

export interface InvoiceLineExportRow {
  id: string
  number: string | null
  kind: string
  issuedDate: string
  taxDate: string
  dueDate: string
  orderNr: string
  invoiceNumber: string | null
  customer: string
  country: string
  currency: string
  paymentType: string
  reason: string
  docNetto: string
  docVat: string
  docBrutto: string
  itemId: string | null
  name: string | null
  sku: string | null
  quantity: string | null
  nettoPrice: string | null
  vatPercent: string | null
  vatAmount: string | null
  nettoTotal: string | null
  bruttoTotal: string | null
}

const customerName = sql`trim(concat_ws(' ', i.customer ->> 'companyName', nullif(concat_ws(' ', i.customer ->> 'firstName', i.customer ->> 'lastName'), ' ')))`

export function createInvoiceReportsRepository(db: DbOrTx) {
  return {
    /** Issued documents of `kind` per year, month, customer country and currency. */
    async groups(scope: TenantScope, f: PeriodFilter, kind: string): Promise<GroupRow[]> {
      const r = await db.execute<GroupRow & Record<string, unknown>>(sql`
        select extract(year from i.issued_date)::int as year, extract(month from i.issued_date)::int as month,
               i.country, i.currency, count(*)::int as count,
               sum(i.netto_total)::text as netto, sum(i.vat_total)::text as vat, sum(i.brutto_total)::text as brutto
        from invoices i where ${scoped(scope, f, kind)}
        group by 1, 2, 3, 4 order by 1 desc, 2 desc, 3, 4`)
      return r.rows
    },

    /** The newest documents of each year, month and country group (at most GROUP_LIST_LIMIT). */
    async groupDocuments(scope: TenantScope, f: PeriodFilter, kind: string): Promise<GroupDocRow[]> {
      const r = await db.execute<GroupDocRow & Record<string, unknown>>(sql`
        select year, month, country, id, number, brutto, currency from (
          select extract(year from i.issued_date)::int as year, extract(month from i.issued_date)::int as month,
                 i.country, i.id, i.sequence_number as number, i.brutto_total::text as brutto, i.currency,
                 row_number() over (partition by date_trunc('month', i.issued_date), i.country
                                    order by i.issued_date desc, i.id desc) as n
          from invoices i where ${scoped(scope, f, kind)}) ranked
        where n <= ${GROUP_LIST_LIMIT}
        order by year desc, month desc, country, n`)
      return r.rows
    },

    /**
     * Lines of the issued documents of a period (or of the named ids), with their document, in batches: a page
     * of documents by (issue date, id) — a row comparison the list's index answers — then their lines by
     * position; a document without lines comes once with empty line columns.
     */
    async *lines(
      scope: TenantScope,
      selection: { period: PeriodFilter; kind: string } | { ids: string[] },
      documentsPerBatch = DOCUMENTS_PER_BATCH,
    ): AsyncGenerator<InvoiceLineExportRow[]> {
      let after: { date: string; id: string } | null = null
      const where =
        'ids' in selection
          ? sql`i.id = any(${sql.param(selection.ids)}::uuid[]) ${tenantOf(scope)}`
          : scoped(scope, selection.period, selection.kind)
      for (;;) {
        const cursor: SQL = after
          ? sql`and (i.issued_date, i.id) > (${after.date}::date, ${after.id}::uuid)`
          : sql``
        const r = await db.execute<InvoiceLineExportRow & Record<string, unknown>>(sql`
          with page as (
            select i.* from invoices i where ${where} ${cursor}
            order by i.issued_date, i.id
            limit ${documentsPerBatch})
          select i.id, i.sequence_number as number, i.kind, i.issued_date::text as "issuedDate",
                 i.tax_date::text as "taxDate", i.due_date::text as "dueDate", i.order_nr as "orderNr",
                 inv.sequence_number as "invoiceNumber", ${customerName} as customer, i.country, i.currency,
                 i.payment_type as "paymentType", i.reason, i.netto_total::text as "docNetto",
                 i.vat_total::text as "docVat", i.brutto_total::text as "docBrutto",
                 it.id as "itemId", it.name, it.sku, it.quantity::text as quantity, it.netto_price::text as "nettoPrice",
                 it.vat_percent::text as "vatPercent", it.vat_amount::text as "vatAmount",
                 it.netto_total::text as "nettoTotal", it.brutto_total::text as "bruttoTotal"
          from page i
          left join invoices inv on inv.id = i.invoice_id
          left join invoice_items it on it.invoice_id = i.id
          order by i.issued_date, i.id, it.position`)
        if (!r.rows.length) return
        yield r.rows
        const last = r.rows.at(-1)!
        after = { date: last.issuedDate, id: last.id }
        const documents = new Set(r.rows.map((row) => row.id)).size
        if (documents < documentsPerBatch) return
      }
    },
  }
}
