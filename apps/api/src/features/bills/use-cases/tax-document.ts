import {
  type Bill,
  billItemService,
  cents,
  countryCodeByName,
  documentLanguageOf,
  documentTotals,
  lineAmounts,
  moneyText,
  variableSymbolOf,
} from '@expedo/domain'
import { serviceName } from '../../../platform/documents/labels.ts'
import {
  type DocumentLanguage,
  type DocumentParty,
  documentBankAccounts,
  type TaxDocument,
} from '../../../platform/documents/tax-document.ts'
import type { BillIssuer } from '../bills.repository.ts'

const codeOf = (country: string) => countryCodeByName(country) ?? ''
const money = (v: number) => moneyText(cents(v.toFixed(2)))

/**
 * A bill item's name in the document's language: the run names an item by its service ("Storage", or
 * "Storage (12.5)" when one service has several unit prices), which the PDF prints from the service
 * catalogue; a description finance wrote by hand prints as written.
 */
export function billItemName(
  item: { description: string; serviceType: string | null },
  language: DocumentLanguage,
): string {
  const service = billItemService(item)
  if (!service) return item.description
  const name = serviceName(service.serviceType, language)
  return service.unitPrice === null ? name : `${name} (${service.unitPrice})`
}

/**
 * A locked bill as the shared PDF and payment-QR writers take it (FINANCE.md "Two kinds of document, one
 * machinery"): the provider's issuer is the supplier, the business client the customer.
 */
export function billTaxDocument(bill: Bill, issuer: BillIssuer): TaxDocument {
  const supplier: DocumentParty = {
    name: issuer.name,
    person: '',
    ...issuer.address,
    countryCode: codeOf(issuer.address.country),
    companyId: issuer.coid,
    taxId: issuer.taxid,
    register: issuer.registration,
    email: issuer.email,
    phone: '',
  }
  const c = bill.businessclient
  const customer: DocumentParty = {
    name: c.name,
    person: '',
    ...c.address,
    countryCode: codeOf(c.address.country),
    companyId: bill.businessclientId.coid,
    taxId: bill.businessclientId.taxid,
    register: bill.businessclientId.register,
    email: '',
    phone: '',
  }
  const lines = bill.items.map((i) => ({
    quantity: String(i.quantity),
    nettoPrice: money(i.netto_price),
    vatPercent: String(i.VAT_procent),
  }))
  const recap = documentTotals(lines).recap
  const language = documentLanguageOf(c.address.country)
  return {
    id: bill._id,
    kind: bill.kind,
    number: bill.sequenceNumber,
    variableSymbol: bill.sequenceNumber ? variableSymbolOf(bill.sequenceNumber) : '',
    orderNumber: '',
    currency: bill.currency,
    issuedDate: bill.dates.issuedDate ?? '',
    taxDate: bill.dates.taxDate ?? '',
    dueDate: bill.dates.dueDate ?? '',
    paymentType: 'Bank transfer',
    supplier,
    supplierVatPayer: issuer.vatPayer,
    bankAccounts: documentBankAccounts(issuer.bankaccounts, bill.currency),
    customer,
    shipTo: null,
    lines: bill.items.map((i, k) => ({
      name: billItemName(i, language),
      sku: '',
      quantity: lines[k]!.quantity,
      nettoPrice: lines[k]!.nettoPrice,
      price: moneyText(lineAmounts(lines[k]!).price),
      vatPercent: lines[k]!.vatPercent,
      vatAmount: money(i.VAT_amount),
      nettoTotal: money(i.netto_total),
      bruttoTotal: money(i.brutto_total),
    })),
    vatRecap: recap.map((r) => ({
      vatPercent: r.vatPercent,
      base: moneyText(r.base),
      vat: moneyText(r.vat),
      total: moneyText(r.total),
    })),
    totals: {
      netto: money(bill.totals.NETTO_total),
      vat: money(bill.totals.VAT_total),
      brutto: money(bill.totals.BRUTTO_total),
    },
    exchange: bill.exchange
      ? {
          currency: bill.exchange.currency,
          rate: String(bill.exchange.rate),
          date: bill.exchange.date,
          vat: money(bill.exchange.VAT_total),
        }
      : null,
    original: bill.bill
      ? { id: bill.bill._id, number: bill.bill.sequenceNumber ?? '', issuedDate: bill.dates.issuedDate ?? '' }
      : null,
    language,
    // A credit note's reason (ZDPH § 45(1)), printed as on an invoice's credit note.
    note: bill.reason,
    period: { start: bill.period.start, end: bill.period.end },
    vatTreatment: bill.vatTreatment,
  }
}
