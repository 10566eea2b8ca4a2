import {
  INVOICE_ISSUED_EDITABLE,
  type InvoiceAddItemBody,
  type InvoiceUpdateQuery,
  invoiceCustomerTextFields,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { invalid, notFound } from '../../../platform/http/app-error.ts'
import type { TenantScope } from '../../../platform/http/auth-context.ts'
import { createInvoicesRepository, type InvoiceInsert, type InvoiceRow } from '../invoices.repository.ts'
import { createNumberSeriesRepository } from '../number-series.repository.ts'
import { storedLine, totalsOf } from './document-lines.ts'
import { documentIssued } from './invoice-from-order.ts'

const customerFields = [...invoiceCustomerTextFields, 'country'] as const

const refuseIssued = (row: InvoiceRow) => {
  if (row.sequenceNumber !== null)
    throw documentIssued(row.kind === 'invoice' ? 'The invoice' : 'The credit note')
}

/** Spec §7 `PUT /invoices/{id}`: one field of a draft (the internal note of any document). */
export async function updateInvoiceField(
  tx: Tx,
  scope: TenantScope,
  row: InvoiceRow,
  query: InvoiceUpdateQuery,
) {
  const [field, value] = Object.entries(query).find(([, v]) => v !== undefined) as [
    keyof InvoiceUpdateQuery,
    string,
  ]
  if (!(INVOICE_ISSUED_EDITABLE as readonly string[]).includes(field)) refuseIssued(row)
  const repo = createInvoicesRepository(tx)
  let patch: Partial<InvoiceInsert>
  if (field === 'issuedDate' || field === 'taxDate' || field === 'dueDate') {
    const dates = { issuedDate: row.issuedDate, taxDate: row.taxDate, dueDate: row.dueDate, [field]: value }
    if (dates.dueDate < dates.issuedDate)
      throw invalid(field, 'the due date must not be before the issue date')
    patch = { [field]: value }
  } else if (field === 'variableSymbol') patch = { variableSymbol: value }
  else if (field === 'customer_internal') patch = { customerInternal: value }
  else if (field === 'series') {
    const series = await createNumberSeriesRepository(tx).get(scope, value)
    if (!series || series.businessclientId !== row.businessclientId || series.documentType !== row.kind)
      throw invalid('series', `is not a ${row.kind} series of this business client`)
    patch = { seriesId: series.id }
  } else if ((customerFields as readonly string[]).includes(field)) {
    patch = { customer: { ...row.customer, [field]: value } }
    // The shipping address follows an address edit only when it was the customer's.
    if (['street', 'streetNr', 'postcode', 'city', 'country'].includes(field))
      patch.shipTo = sameAddress(row) ? { ...row.shipTo, [field]: value } : row.shipTo
  } else throw invalid(field, 'cannot be changed')
  await repo.update(row.id, patch)
}

const sameAddress = (row: InvoiceRow) =>
  (['street', 'streetNr', 'postcode', 'city', 'country'] as const).every(
    (k) => row.customer[k] === row.shipTo[k],
  )

/** Spec §7 `POST /invoices/{id}`: adds a line to a draft; the totals follow. */
export async function addInvoiceItem(tx: Tx, row: InvoiceRow, body: InvoiceAddItemBody) {
  refuseIssued(row)
  const repo = createInvoicesRepository(tx)
  const line = storedLine(
    {
      name: body.name,
      sku: body.sku,
      quantity: body.quantity,
      nettoPrice: body.netto_price,
      vatPercent: body.VAT_procent,
    },
    await repo.nextPosition(row.id),
  )
  await repo.insertItem({ ...line, invoiceId: row.id })
  await refreshTotals(tx, row.id)
}

/** Spec §7 `POST /invoices/{id}/{itemId}`: removes a line of a draft. */
export async function removeInvoiceItem(tx: Tx, row: InvoiceRow, itemId: string) {
  refuseIssued(row)
  if (!(await createInvoicesRepository(tx).deleteItems(row.id, itemId))) throw notFound('Invoice item')
  await refreshTotals(tx, row.id)
}

async function refreshTotals(tx: Tx, invoiceId: string) {
  const repo = createInvoicesRepository(tx)
  await repo.update(invoiceId, totalsOf(await repo.items(invoiceId)))
}
