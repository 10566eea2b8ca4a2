import {
  type Bill,
  type BillRow as BillListRow,
  type BillService,
  billStatusOf,
  type Issuer,
  issueDeadlineOf,
  type VatTreatmentKind,
} from '@expedo/domain'
import { missingLegalContent } from '../../platform/documents/legal-content.ts'
import type { BillAggregate, BillIssuer, BillItemRow, ServiceRow } from './bills.repository.ts'
import type { IssuerRow } from './issuers.repository.ts'
import { billTaxDocument } from './use-cases/tax-document.ts'

const n = (v: string | null) => (v === null ? 0 : Number(v))
const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toIssuer(row: IssuerRow): Issuer {
  return {
    _id: row.id,
    country: row.country,
    name: row.name,
    coid: row.coid,
    taxid: row.taxid,
    vatPayer: row.vatPayer,
    address: row.address,
    email: row.email,
    bankaccounts: row.bankaccounts,
    registration: row.registration,
  }
}

/** The issuer block a bill copies (it keeps it when the issuer changes later). */
export function issuerBlock(row: IssuerRow): BillIssuer {
  return {
    name: row.name,
    address: row.address,
    bankaccounts: row.bankaccounts,
    coid: row.coid,
    taxid: row.taxid,
    vatPayer: row.vatPayer,
    email: row.email,
    registration: row.registration,
  }
}

function toItem(i: BillItemRow): Bill['items'][number] {
  return {
    _id: i.id,
    description: i.description,
    serviceType: i.serviceType,
    quantity: n(i.quantity),
    netto_price: n(i.nettoPrice),
    VAT_procent: n(i.vatPercent),
    netto_total: n(i.nettoTotal),
    VAT_amount: n(i.vatAmount),
    brutto_total: n(i.bruttoTotal),
    product: i.productName ? { name: i.productName } : null,
  }
}

export function toBillRow(agg: Omit<BillAggregate, 'items'>, today: string): BillListRow {
  const { row } = agg
  return {
    _id: row.id,
    kind: row.kind as Bill['kind'],
    sequenceNumber: row.sequenceNumber,
    country: row.country,
    currency: row.currency,
    period: { start: row.periodStart, end: row.periodEnd },
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    locked: row.locked,
    editable: !row.locked,
    status: billStatusOf(row, today),
    dates: { issuedDate: row.issuedDate, dueDate: row.dueDate, taxDate: row.taxDate },
    issueBy: row.kind === 'bill' ? issueDeadlineOf(row.country, row.periodEnd) : null,
    totals: { NETTO_total: n(row.nettoTotal), VAT_total: n(row.vatTotal), BRUTTO_total: n(row.bruttoTotal) },
    creditNote: agg.creditNote
      ? { _id: agg.creditNote.id, creditNoteNr: agg.creditNote.sequenceNumber }
      : null,
    bill: agg.original ? { _id: agg.original.id, sequenceNumber: agg.original.sequenceNumber } : null,
    exchange:
      row.exchangeCurrency && row.exchangeRate && row.exchangeDate
        ? {
            currency: row.exchangeCurrency,
            rate: n(row.exchangeRate),
            date: row.exchangeDate,
            VAT_total: n(row.exchangeVat),
          }
        : null,
    businessclient: { _id: row.businessclientId, name: row.client.name, address: row.client.address },
    businessclientId: {
      coid: row.client.coid,
      taxid: row.client.taxid,
      register: row.client.register ?? '',
    },
    issuer: {
      _id: row.issuerId,
      name: row.issuer.name,
      address: row.issuer.address,
      bankaccounts: row.issuer.bankaccounts,
    },
    issuerId: { coid: row.issuer.coid, taxid: row.issuer.taxid },
    vatTreatment: row.vatTreatment as VatTreatmentKind,
    note: row.note,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toBill(agg: BillAggregate, today: string): Bill {
  const bill = documentOf(agg, today)
  // Locking dates the bill and fixes its exchange rate.
  const setAtLock = ['exchange', 'issuedDate', 'taxDate']
  return { ...bill, legalMissing: missingLegalContent(billTaxDocument(bill, agg.row.issuer), setAtLock) }
}

const documentOf = (agg: BillAggregate, today: string): Bill => ({
  ...toBillRow(agg, today),
  legalMissing: [],
  items: agg.items.map(toItem),
})

export function toBillService(s: ServiceRow, category: string): BillService {
  return {
    _id: s.id,
    serviceType: { name: s.serviceType, category },
    trigger: s.trigger as BillService['trigger'],
    triggerId: s.triggerId,
    triggerRef: s.triggerRef,
    quantity: n(s.quantity),
    unitPrice: n(s.unitPrice),
    amount: n(s.amount),
    currency: s.currency,
    country: s.country,
    description: s.description,
    serviceDate: s.serviceDate,
    createdAt: s.createdAt.toISOString(),
  }
}
