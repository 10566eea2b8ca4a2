import {
  cents,
  convert,
  type DocumentKind,
  defaultSeriesOf,
  moneyText,
  vatStatementCurrency,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../platform/db/errors.ts'
import { isYearless } from '../../../platform/db/number-series.ts'
import { assertLegalContent } from '../../../platform/documents/legal-content.ts'
import { AppError } from '../../../platform/http/app-error.ts'
import { toInvoice } from '../invoices.mapper.ts'
import { createInvoicesRepository, type InvoiceRow } from '../invoices.repository.ts'
import { createNumberSeriesRepository } from '../number-series.repository.ts'
import { totalsOf } from './document-lines.ts'
import { documentIssued } from './invoice-from-order.ts'
import { orderVatTreatment } from './place-of-supply.ts'
import { supplierSnapshot } from './supplier.ts'
import { taxDocumentOf } from './tax-document.ts'

/**
 * The default series of a document: per client, type, customer country and year (DOMAIN.md "Invoices"); ONE
 * series of the client for all its invoices and credit notes where its country shares one numbering (Bulgaria).
 */
async function defaultSeries(tx: Tx, row: InvoiceRow, issuerCountry: string): Promise<string> {
  const series = createNumberSeriesRepository(tx)
  const { documentType, country, prefix, format } = defaultSeriesOf(
    row.kind as DocumentKind,
    row.country,
    issuerCountry,
  )
  const key = {
    businessclientId: row.businessclientId,
    documentType,
    country,
    year: Number(row.issuedDate.slice(0, 4)),
    prefix,
  }
  // A year-less format (Bulgaria's {n:10}) continues its numbers across years.
  const nextValue = isYearless(format) ? await series.continuedValue(key, format) : 1
  return series.ensure(key, { format, nextValue })
}

/**
 * Issues a locked draft in the caller's transaction (FINANCE.md "Numbering"): the supplier block as it is now,
 * the totals from the lines, the exchange rate of a foreign-currency document (CZ and RO issuers state VAT
 * in their currency too), and LAST the number of its series. Answers the number. An invoice that lacks what its
 * issuer country's law requires is refused (409 LEGAL_CONTENT_MISSING) before the series is touched; a credit
 * note copies its issued invoice's parties.
 */
export async function issueDocument(tx: Tx, row: InvoiceRow): Promise<string> {
  if (row.sequenceNumber !== null)
    throw documentIssued(row.kind === 'invoice' ? 'The invoice' : 'The credit note')
  const repo = createInvoicesRepository(tx)
  const items = await repo.items(row.id)
  if (!items.length) throw new AppError('CONFLICT', 'A document without items cannot be issued')
  // A credit note keeps its invoice's supplier block; a draft invoice takes the profile as it is now.
  const snapshot = row.kind === 'invoice' ? await supplierSnapshot(repo, row.businessclientId) : undefined
  let supplier = snapshot?.supplier ?? row.supplier
  // The place of supply again: a draft made before a profile change (OSS, a VAT registration removed) or a
  // customer edit must not issue with the VAT it was drafted with. Refused before the series is touched.
  if (snapshot && row.orderId) {
    const treatment = await orderVatTreatment(
      repo,
      snapshot.vat,
      {
        warehouseId: await repo.orderWarehouseId(row.orderId),
        shipToCountry: row.shipTo.country,
        customerTaxId: row.customer.taxId,
      },
      row.taxDate,
    )
    if (treatment.kind !== row.vatTreatment)
      throw new AppError(
        'CONFLICT',
        `The invoice was drafted as ${row.vatTreatment} but its place of supply is now ${treatment.kind}: make the draft again from the order`,
        { vatTreatment: `is ${treatment.kind} now` },
      )
    // Issued under the VAT registration of the country the goods leave from (its ids printed).
    supplier = { ...supplier, vatRegistration: treatment.registration }
  } else if (snapshot) supplier = { ...supplier, vatRegistration: row.supplier.vatRegistration }
  const totals = totalsOf(items)
  const target = vatStatementCurrency(supplier.address.country)
  let exchange = {}
  if (target && target !== row.currency) {
    const found = await repo.exchangeRate(row.currency, target, row.taxDate)
    if (!found)
      throw new AppError(
        'CONFLICT',
        `No exchange rate of ${row.currency} in ${target} on or before ${row.taxDate}: add one, then issue`,
      )
    exchange = {
      exchangeCurrency: target,
      exchangeRate: found.rate,
      exchangeDate: found.day,
      exchangeVat: moneyText(convert(cents(totals.vatTotal), found.rate)),
    }
  }
  const seriesId = row.seriesId ?? (await defaultSeries(tx, row, supplier.address.country))
  await repo.update(row.id, { supplier, ...totals, ...exchange })
  const what = row.kind === 'invoice' ? 'The invoice' : 'The credit note'
  // The document as it is being issued, from what is in hand (its order and credit notes are not checked).
  const issuing = { row: { ...row, supplier, ...totals, ...exchange }, items, order: null, creditNotes: [] }
  const doc = taxDocumentOf(toInvoice({ ...issuing, invoice: null, series: null, credited: new Map() }))
  if (row.kind === 'invoice') assertLegalContent(doc, what)
  try {
    const number = await createNumberSeriesRepository(tx).takeNumber(row.id, seriesId)
    // The series' format decides the number's shape (Bulgaria: 10 digits); a wrong one rolls the number back.
    assertLegalContent({ ...doc, number }, what, 'number')
    return number
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', 'That number is already issued: choose another series for this document')
    throw error
  }
}
