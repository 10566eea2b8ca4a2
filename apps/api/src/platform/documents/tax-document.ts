/**
 * A tax document as the document files see it (PDF, payment QR, ISDOC): invoices and credit notes of a
 * business client, and later the provider's bills. Built from the database by the owning feature; the
 * renderers take only this data (docs/FINANCE.md "Documents as files": the definition comes from data only).
 *
 * Money and quantities are decimal strings ("1234.50", "-2"), never binary floats.
 */

/** The four kinds of tax document: the invoicing area issues the first two, provider billing the rest. */
export type TaxDocumentKind = 'invoice' | 'creditnote' | 'bill' | 'billcreditnote'

/** The label language: the customer's country language (cs, sk, ro, bg), else en (FINANCE.md). */
export type DocumentLanguage = 'cs' | 'sk' | 'ro' | 'bg' | 'en'

export interface DocumentParty {
  name: string
  /** Contact person of a private customer ("first last"); '' for a company. */
  person: string
  street: string
  streetNr: string
  postcode: string
  city: string
  /** The country's English name as the app stores it ('Czech', 'Slovakia', …); printed from `countryCode`. */
  country: string
  /** ISO 3166-1 alpha-2 ('CZ'); '' when unknown. */
  countryCode: string
  /** IČO / UIC / CUI: the company registration number. */
  companyId: string
  /** DIČ / IČ DPH / CIF / ДДС №: the VAT id. */
  taxId: string
  /** SK: the register entry ("Obchodný register Okresného súdu …"); '' elsewhere. */
  register: string
  email: string
  phone: string
}

export interface DocumentBankAccount {
  bankname: string
  accountNr: string
  bankCode: string
  iban: string
  swift: string
  currency: string
}

/** A supplier's bank account as business clients and issuers keep it (spec §3 `bankaccounts`). */
export interface StoredBankAccount {
  bankname: string
  accountNr: string
  bankCode: string
  IBAN: string
  SWIFT: string
  currency: string
}

/**
 * The supplier's accounts as a document prints them, those in the document's currency first: the payment
 * QR takes the first usable one. Shared by invoices and bills.
 */
export function documentBankAccounts(
  accounts: readonly StoredBankAccount[],
  currency: string,
): DocumentBankAccount[] {
  return [...accounts]
    .sort((x, y) => Number(y.currency === currency) - Number(x.currency === currency))
    .map((a) => ({
      bankname: a.bankname,
      accountNr: a.accountNr,
      bankCode: a.bankCode,
      iban: a.IBAN,
      swift: a.SWIFT,
      currency: a.currency,
    }))
}

export interface DocumentLine {
  name: string
  sku: string
  quantity: string
  /** Unit price without VAT. */
  nettoPrice: string
  /** Unit price with VAT. */
  price: string
  vatPercent: string
  /** The line's VAT (bruttoTotal − nettoTotal). */
  vatAmount: string
  nettoTotal: string
  bruttoTotal: string
  /** A gross-priced line: its VAT was computed from the price with VAT ("from above"). */
  grossPriced?: boolean
}

/** One row of the VAT recapitulation: per rate, the base, the VAT and the sum. */
export interface VatRecapRow {
  vatPercent: string
  base: string
  vat: string
  total: string
}

export interface TaxDocument {
  id: string
  kind: TaxDocumentKind
  /** The issued number; null for a draft, which prints PROFORMA and has no payment QR. */
  number: string | null
  /** The variable symbol of the payment (digits, ≤ 10). */
  variableSymbol: string
  /** The order number the customer knows, '' when none. */
  orderNumber: string
  currency: string
  /** YYYY-MM-DD */
  issuedDate: string
  /** DUZP / tax point, YYYY-MM-DD */
  taxDate: string
  /** YYYY-MM-DD */
  dueDate: string
  /** 'COD', 'Bank transfer', 'Card', … as the order says. */
  paymentType: string
  supplier: DocumentParty
  /** false: a non-VAT-payer's plain invoice (no VAT columns, "not a VAT payer" note). */
  supplierVatPayer: boolean
  bankAccounts: DocumentBankAccount[]
  customer: DocumentParty
  /** The shipping address when the goods go elsewhere; null when it is the customer's. */
  shipTo: DocumentParty | null
  lines: DocumentLine[]
  vatRecap: VatRecapRow[]
  totals: { netto: string; vat: string; brutto: string }
  /**
   * The local-currency statement of VAT on a foreign-currency document (CZ: VAT in CZK; RO: in lei):
   * the rate (local units per one document unit) and its date; null when the document is in local currency.
   */
  exchange: { currency: string; rate: string; date: string; vat: string } | null
  /** A credit note's invoice. */
  original: { id: string; number: string; issuedDate: string } | null
  /** The label language (the customer's country language, else en). */
  language: DocumentLanguage
  /** Free text printed under the items (a note of the issuer), '' when none; a credit note's reason. */
  note: string
  /**
   * Paid before issue (FINANCE.md): by cash on delivery or online. The document says so, its amount due is
   * 0 and it carries no payment QR and no due date. Absent or null: the customer still pays.
   */
  paid?: 'cod' | 'online' | null
  /** A bill's billing period (YYYY-MM-DD), printed with the dates in the document's language. */
  period?: { start: string; end: string }
  /**
   * The VAT by the place of supply (domain `vatTreatmentKinds`): 'reverse-charge' and 'intra-community-exempt'
   * print their wording and need the customer's VAT number; absent: domestic.
   */
  vatTreatment?: string
}
