import {
  cents,
  formatDocumentNumber,
  type Invoice,
  type InvoiceItem,
  type InvoiceRow,
  type NumberSeries,
  type VatTreatmentKind,
} from '@expedo/domain'
import { missingLegalContent } from '../../platform/documents/legal-content.ts'
import type { InvoiceAggregate, InvoiceItemRow, InvoiceListRow } from './invoices.repository.ts'
import type { SeriesRow } from './number-series.repository.ts'
import { taxDocumentOf } from './use-cases/tax-document.ts'

const n = (v: string | null | undefined) => (v === null || v === undefined ? 0 : Number(v))
const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toInvoiceItem(i: InvoiceItemRow, credited = '0'): InvoiceItem {
  return {
    _id: i.id,
    name: i.name,
    sku: i.sku,
    quantity: n(i.quantity),
    netto_price: n(i.nettoPrice),
    VAT_procent: n(i.vatPercent),
    VAT_amount: n(i.vatAmount),
    price: n(i.price),
    netto_total: n(i.nettoTotal),
    brutto_total: n(i.bruttoTotal),
    credited: n(credited),
    grossPriced: i.grossPriced,
  }
}

/** The VAT recapitulation of stored lines (per rate, highest first), summed in cents. */
export function vatRecapOf(items: InvoiceItemRow[]): Invoice['vatRecap'] {
  const byRate = new Map<string, { base: bigint; vat: bigint; total: bigint }>()
  for (const i of items) {
    const r = byRate.get(i.vatPercent) ?? { base: 0n, vat: 0n, total: 0n }
    r.base += cents(i.nettoTotal)
    r.vat += cents(i.vatAmount)
    r.total += cents(i.bruttoTotal)
    byRate.set(i.vatPercent, r)
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([rate, r]) => ({
      VAT_procent: Number(rate),
      base: Number(r.base) / 100,
      VAT: Number(r.vat) / 100,
      total: Number(r.total) / 100,
    }))
}

export function toInvoice(a: InvoiceAggregate): Invoice {
  const invoice = documentOf(a)
  return { ...invoice, legalMissing: missingLegalContent(taxDocumentOf(invoice), ['exchange']) }
}

function documentOf(a: InvoiceAggregate): Invoice {
  const { row } = a
  const last = a.creditNotes.at(-1)
  return {
    _id: row.id,
    kind: row.kind as Invoice['kind'],
    sequenceNumber: row.sequenceNumber,
    country: row.country,
    currency: row.currency,
    variableSymbol: row.variableSymbol,
    VAT_total: n(row.vatTotal),
    NETTO_total: n(row.nettoTotal),
    BRUTTO_total: n(row.bruttoTotal),
    paymentType: row.paymentType,
    actionSourceId: a.order
      ? {
          _id: a.order.id,
          clientOrderNr: a.order.clientOrderNr,
          internalNumericId: a.order.internalNumericId,
        }
      : null,
    creditNote: last ? { _id: last.id, sequenceNumber: last.sequenceNumber } : null,
    creditNotes: a.creditNotes.map((c) => ({
      _id: c.id,
      sequenceNumber: c.sequenceNumber,
      BRUTTO_total: n(c.bruttoTotal),
      issuedDate: c.issuedDate,
    })),
    invoice: a.invoice
      ? { _id: a.invoice.id, sequenceNumber: a.invoice.sequenceNumber, issuedDate: a.invoice.issuedDate }
      : null,
    reason: row.reason,
    vatTreatment: row.vatTreatment as VatTreatmentKind,
    businessclient: {
      _id: row.businessclientId,
      ...row.supplier,
      companyids: row.supplier.companyids.map((c) => ({ ...c, register: c.register ?? '' })),
      vatRegistration: row.supplier.vatRegistration ?? row.supplier.address.country,
    },
    customer: row.customer,
    customer_internal: row.customerInternal,
    shipTo: row.shipTo,
    dates: { issuedDate: row.issuedDate, taxDate: row.taxDate, dueDate: row.dueDate },
    exchange:
      row.exchangeCurrency && row.exchangeRate && row.exchangeDate
        ? {
            currency: row.exchangeCurrency,
            rate: n(row.exchangeRate),
            date: row.exchangeDate,
            VAT_total: n(row.exchangeVat),
          }
        : null,
    series: a.series
      ? {
          _id: a.series.id,
          prefix: a.series.prefix,
          nextNumber: formatDocumentNumber(
            a.series.format,
            a.series.prefix,
            a.series.year,
            a.series.nextValue,
          ),
        }
      : null,
    items: a.items.map((i) => toInvoiceItem(i, a.credited.get(i.id))),
    vatRecap: vatRecapOf(a.items),
    legalMissing: [],
    issuedAt: iso(row.issuedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toInvoiceRow(r: InvoiceListRow): InvoiceRow {
  return {
    _id: r.id,
    kind: r.kind as InvoiceRow['kind'],
    sequenceNumber: r.sequenceNumber,
    country: r.country,
    currency: r.currency,
    VAT_total: n(r.vatTotal),
    NETTO_total: n(r.nettoTotal),
    BRUTTO_total: n(r.bruttoTotal),
    actionSourceId:
      r.orderId && r.internalNumericId !== null
        ? { _id: r.orderId, clientOrderNr: r.orderNr, internalNumericId: r.internalNumericId }
        : null,
    creditNote: r.creditNoteId ? { _id: r.creditNoteId, sequenceNumber: r.creditNoteNumber } : null,
    dates: { issuedDate: r.issuedDate, taxDate: r.taxDate, dueDate: r.dueDate },
    customer: { name: r.customerName },
    businessclient: { _id: r.businessclientId, name: r.businessclientName },
  }
}

export function toNumberSeries(s: SeriesRow): NumberSeries {
  return {
    _id: s.id,
    businessclient: { _id: s.businessclientId, name: s.businessclientName },
    documentType: s.documentType as NumberSeries['documentType'],
    country: s.country,
    year: s.year,
    prefix: s.prefix,
    format: s.format,
    nextValue: s.nextValue,
    nextNumber: formatDocumentNumber(s.format, s.prefix, s.year, s.nextValue),
    used: s.nextValue > s.firstValue,
  }
}
