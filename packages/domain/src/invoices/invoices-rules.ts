import { cents, divRound, moneyText, nettoFromBrutto } from '../common/money.ts'

/**
 * Pure rules of invoices and credit notes (docs/FINANCE.md "Numbering", "Money and VAT").
 */

export const documentKinds = ['invoice', 'creditnote'] as const
export type DocumentKind = (typeof documentKinds)[number]

/** The default number format of a series; Bulgarian issuers number 10 digits only (ЗДДС art. 114). */
export const DEFAULT_NUMBER_FORMAT = '{prefix}{yyyy}{n:6}'
export const BULGARIAN_NUMBER_FORMAT = '{n:10}'
/** The default prefixes of a new series: FV (faktura vydaná) and DN (dobropis). */
export const defaultPrefix: Record<DocumentKind, string> = { invoice: 'FV', creditnote: 'DN' }

const TOKEN = /\{(prefix|yyyy|yy|n(?::(\d{1,2}))?)\}/g

/** Whether a format has exactly one counter token and only known tokens. */
export function isValidNumberFormat(format: string): boolean {
  const tokens = [...format.matchAll(/\{[^}]*\}/g)].map((m) => m[0])
  const counters = tokens.filter((t) => /^\{n(?::\d{1,2})?\}$/.test(t))
  return counters.length === 1 && tokens.every((t) => /^\{(prefix|yyyy|yy|n(?::\d{1,2})?)\}$/.test(t))
}

/** The document number of counter value `n`: `{prefix}{yyyy}{n:6}` + ('FV', 2026, 42) → FV2026000042. */
export function formatDocumentNumber(format: string, prefix: string, year: number, n: number): string {
  return format.replace(TOKEN, (_, token: string, width?: string) => {
    if (token === 'prefix') return prefix
    if (token === 'yyyy') return String(year)
    if (token === 'yy') return String(year).slice(-2)
    return String(n).padStart(width ? Number(width) : 1, '0')
  })
}

/** The variable symbol of a payment: the number's digits, at most 10 (the last ten). */
export function variableSymbolOf(number: string): string {
  return number.replace(/\D/g, '').slice(-10)
}

/** Days from issue to due date when the business client has not said otherwise. */
export const DEFAULT_DUE_DAYS = 14

/** The issuer countries whose series number in 10 digits (Bulgaria). */
export const numberFormatFor = (countryName: string): string =>
  countryName === 'Bulgaria' ? BULGARIAN_NUMBER_FORMAT : DEFAULT_NUMBER_FORMAT

/** The invoices list's default page size (spec §9). */
export const INVOICES_PAGE_SIZE = 10

/**
 * The currency of an order's invoice by the customer's country (the countries of the VAT table; Bulgaria
 * invoices in EUR from 2026-01-01, FINANCE.md); EUR elsewhere.
 */
const countryCurrency: Record<string, string> = {
  Czech: 'CZK',
  Romania: 'RON',
  Hungary: 'HUF',
  Poland: 'PLN',
}
export const currencyOfCountry = (country: string): string => countryCurrency[country] ?? 'EUR'

/**
 * The issuer's own currency, in which a foreign-currency document also states its VAT (CZ: CZK, RO: lei;
 * FINANCE.md); null where no such statement is required.
 */
const issuerCurrency: Record<string, string> = { Czech: 'CZK', Romania: 'RON' }
export const vatStatementCurrency = (issuerCountry: string): string | null =>
  issuerCurrency[issuerCountry] ?? null

/** The language of a document's labels: the customer's country language (cs, sk, ro, bg), else en. */
const countryLanguage: Record<string, 'cs' | 'sk' | 'ro' | 'bg'> = {
  Czech: 'cs',
  Slovakia: 'sk',
  Romania: 'ro',
  Bulgaria: 'bg',
}
export const documentLanguageOf = (country: string): 'cs' | 'sk' | 'ro' | 'bg' | 'en' =>
  countryLanguage[country] ?? 'en'

/** The name of an order invoice's shipping line, in the document's language. */
export const shippingLineName: Record<'cs' | 'sk' | 'ro' | 'bg' | 'en', string> = {
  cs: 'Doprava',
  sk: 'Doprava',
  ro: 'Transport',
  bg: 'Доставка',
  en: 'Shipping',
}

/**
 * Paid before issue (FINANCE.md "Paid before issue"): how an invoice's payment type says it was paid before
 * the document was issued — by cash on delivery ('cod', the courier collects it) or online ('online', card or
 * payment gateway at checkout); null: the customer still pays (bank transfer, anything else). Data: known
 * payment types by their lower-case name, then words that name the means.
 */
export type PaidBeforeIssue = 'cod' | 'online'
const paidPaymentTypes: Record<string, PaidBeforeIssue> = {
  cod: 'cod',
  'cash on delivery': 'cod',
  dobírka: 'cod',
  'paid online': 'online',
  online: 'online',
  card: 'online',
  'platba kartou': 'online',
}
const paidPaymentWords: [RegExp, PaidBeforeIssue][] = [
  [/\bcod\b|cash on delivery|dobírk|dobierk|ramburs|наложен/i, 'cod'],
  [/online|card|kart|онлайн/i, 'online'],
]
export function paidBeforeIssueOf(paymentType: string): PaidBeforeIssue | null {
  const t = paymentType.trim().toLowerCase()
  if (!t) return null
  return paidPaymentTypes[t] ?? paidPaymentWords.find(([re]) => re.test(t))?.[1] ?? null
}

/** `day` (YYYY-MM-DD) plus `days`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export interface OrderLineForInvoice {
  name: string
  sku: string
  quantity: number
  /** The order line's price: unit price × quantity, VAT included (an e-shop's prices are brutto). */
  price: number | string
}

/**
 * The lines of an order's invoice, gross-priced (the e-shop's prices include VAT; FINANCE.md "VAT from gross
 * prices"): each order line keeps its price as its total with VAT, its VAT computed from above at
 * `vatPercent`, so the invoice's total is the order's to the cent; the printed unit price without VAT is the
 * line price shared over the quantity, less VAT. And a shipping line when it costs anything.
 */
export function orderInvoiceLines(
  items: readonly OrderLineForInvoice[],
  shippingCost: number | string,
  vatPercent: string,
  language: keyof typeof shippingLineName,
): {
  name: string
  sku: string
  quantity: number
  nettoPrice: string
  vatPercent: string
  grossTotal: string
}[] {
  const lines = items.map((i) => {
    const unitBrutto = i.quantity > 0 ? divRound(cents(i.price), BigInt(i.quantity)) : 0n
    return {
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      nettoPrice: moneyText(nettoFromBrutto(moneyText(unitBrutto), vatPercent)),
      vatPercent,
      grossTotal: moneyText(cents(i.price)),
    }
  })
  if (cents(shippingCost) > 0n)
    lines.push({
      name: shippingLineName[language],
      sku: '',
      quantity: 1,
      nettoPrice: moneyText(nettoFromBrutto(shippingCost, vatPercent)),
      vatPercent,
      grossTotal: moneyText(cents(shippingCost)),
    })
  return lines
}

/**
 * The series a document takes when its draft names none: prefix FV / DN and two letters of the customer's
 * country (so two countries' series never print the same number), in the issuer's format; Bulgarian issuers
 * number in 10 digits without a prefix.
 */
export function defaultSeriesOf(
  kind: DocumentKind,
  customerCountry: string,
  issuerCountry: string,
): { prefix: string; format: string } {
  const format = numberFormatFor(issuerCountry)
  const prefix = format.includes('{prefix}')
    ? `${defaultPrefix[kind]}${customerCountry.slice(0, 2).toUpperCase()}`
    : ''
  return { prefix, format }
}
