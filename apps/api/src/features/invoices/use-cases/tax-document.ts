import {
  cents,
  countryCodeByName,
  documentLanguageOf,
  type Invoice,
  moneyText,
  paidBeforeIssueOf,
} from '@expedo/domain'
import {
  type DocumentParty,
  documentBankAccounts,
  type TaxDocument,
} from '../../../platform/documents/tax-document.ts'

const codeOf = (country: string) => countryCodeByName(country) ?? ''
const money = (n: number) => moneyText(cents(n.toFixed(2)))

/** The document as the PDF, QR and ISDOC writers take it (platform/documents). */
export function taxDocumentOf(invoice: Invoice): TaxDocument {
  const b = invoice.businessclient
  const issuerCountry = b.address.country
  // The VAT id of the registration the document is issued under (a client may be registered in several
  // countries: goods leaving a Slovak warehouse are supplied under its Slovak VAT id). The company id and
  // the register entry are the company's own (home) ones unless that registration record has its own.
  const home = b.companyids.find((c) => c.country === issuerCountry) ?? b.companyids[0]
  const registration = b.companyids.find((c) => c.country === b.vatRegistration) ?? home
  const ids = {
    coid: registration?.coid || home?.coid || '',
    taxid: registration?.taxid || home?.taxid || '',
    register: home?.register || registration?.register || '',
  }
  const supplier: DocumentParty = {
    name: b.name,
    person: '',
    street: b.address.street,
    streetNr: b.address.streetNr,
    postcode: b.address.postcode,
    city: b.address.city,
    country: issuerCountry,
    countryCode: codeOf(issuerCountry),
    companyId: ids.coid,
    taxId: ids.taxid,
    register: ids.register,
    email: b.contacts[0]?.email ?? '',
    phone: '',
  }
  const c = invoice.customer
  const person = [c.firstName, c.lastName].filter(Boolean).join(' ')
  const customer: DocumentParty = {
    name: c.companyName || person,
    person: c.companyName ? person : '',
    street: c.street,
    streetNr: c.streetNr,
    postcode: c.postcode,
    city: c.city,
    country: c.country,
    countryCode: codeOf(c.country),
    companyId: c.companyId,
    taxId: c.taxId,
    register: '',
    email: c.email,
    phone: c.phone,
  }
  const s = invoice.shipTo
  const sameAddress =
    s.street === c.street &&
    s.streetNr === c.streetNr &&
    s.postcode === c.postcode &&
    s.city === c.city &&
    s.country === c.country
  return {
    id: invoice._id,
    kind: invoice.kind,
    number: invoice.sequenceNumber,
    variableSymbol: invoice.variableSymbol,
    orderNumber: invoice.actionSourceId?.clientOrderNr ?? '',
    currency: invoice.currency,
    issuedDate: invoice.dates.issuedDate,
    taxDate: invoice.dates.taxDate,
    dueDate: invoice.dates.dueDate,
    paymentType: invoice.paymentType,
    supplier,
    supplierVatPayer: b.vatPayer,
    bankAccounts: documentBankAccounts(b.bankaccounts, invoice.currency),
    customer,
    shipTo: sameAddress
      ? null
      : {
          ...customer,
          name: s.name,
          person: '',
          street: s.street,
          streetNr: s.streetNr,
          postcode: s.postcode,
          city: s.city,
          country: s.country,
          countryCode: codeOf(s.country),
          companyId: '',
          taxId: '',
        },
    lines: invoice.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      quantity: String(i.quantity),
      nettoPrice: money(i.netto_price),
      price: money(i.price),
      vatPercent: String(i.VAT_procent),
      vatAmount: money(i.VAT_amount),
      nettoTotal: money(i.netto_total),
      bruttoTotal: money(i.brutto_total),
      grossPriced: i.grossPriced,
    })),
    vatRecap: invoice.vatRecap.map((r) => ({
      vatPercent: String(r.VAT_procent),
      base: money(r.base),
      vat: money(r.VAT),
      total: money(r.total),
    })),
    totals: {
      netto: money(invoice.NETTO_total),
      vat: money(invoice.VAT_total),
      brutto: money(invoice.BRUTTO_total),
    },
    exchange: invoice.exchange
      ? {
          currency: invoice.exchange.currency,
          rate: String(invoice.exchange.rate),
          date: invoice.exchange.date,
          vat: money(invoice.exchange.VAT_total),
        }
      : null,
    original: invoice.invoice
      ? {
          id: invoice.invoice._id,
          number: invoice.invoice.sequenceNumber ?? '',
          issuedDate: invoice.invoice.issuedDate,
        }
      : null,
    language: documentLanguageOf(c.country),
    note: invoice.reason,
    paid: invoice.kind === 'invoice' ? paidBeforeIssueOf(invoice.paymentType) : null,
    vatTreatment: invoice.vatTreatment,
  }
}
