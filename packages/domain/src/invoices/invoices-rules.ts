import { countries } from '../common/countries.ts'
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

/**
 * How an issuer country numbers its tax documents (FINANCE.md "Place of supply, numbering and document content"):
 * the format of its series, and whether its invoices and the credit (and debit) notes to them take ONE continuous
 * numbering (`shared`: one series per issuer for every document type and customer country) instead of a series per
 * document type and customer country with distinct prefixes. Data with its source: an accountant corrects a row,
 * not the code. Countries without a row follow `defaultNumberingRule`.
 */
export interface NumberingRule {
  format: string
  shared: boolean
  source: string
}
export const defaultNumberingRule: NumberingRule = {
  format: DEFAULT_NUMBER_FORMAT,
  shared: false,
  source:
    'VAT Directive 2006/112/EC art. 226(2): one or more series, the number identifying the invoice uniquely; ' +
    'CZ ZDPH § 29(1)(b), SK § 74(1)(b), RO Cod fiscal art. 319(20)(a): separate series per document type allowed',
}
export const numberingRules: Record<string, NumberingRule> = {
  Bulgaria: {
    format: BULGARIAN_NUMBER_FORMAT,
    shared: true,
    source:
      'ЗДДС art. 114(1)(2): a 10-digit number of digits only, one continuous numbering of invoices and the debit ' +
      'and credit notes to them per issuer (ППЗДДС art. 78)',
  },
}
export const numberingRuleOf = (issuerCountry: string): NumberingRule =>
  numberingRules[issuerCountry] ?? defaultNumberingRule

/** The number format of an issuer country's series (Bulgaria: 10 digits). */
export const numberFormatFor = (countryName: string): string => numberingRuleOf(countryName).format

/** The ISO 3166-1 alpha-2 code of a country name (the series prefixes), its first two letters if unknown. */
const countryCodes = new Map<string, string>(countries.map((c) => [c.name, c.code]))
export const countryCodeOf = (name: string): string =>
  countryCodes.get(name) ?? name.slice(0, 2).toUpperCase()

/**
 * The number pattern a series prints, for comparing two series: the format with its prefix and year filled in
 * and the counter as `#` (any width: 000123 of {n:6} and 123 of {n} meet at large values). Two series of one
 * owner with the same pattern would print the same numbers (FINANCE.md: never two documents of one issuer with
 * one number).
 */
export function numberPatternOf(format: string, prefix: string, year: number): string {
  return format.replace(TOKEN, (_, token: string) => {
    if (token === 'prefix') return prefix
    if (token === 'yyyy') return String(year)
    if (token === 'yy') return String(year).slice(-2)
    return '#'
  })
}

/** Whether two series of one owner could print one number (same pattern; a year-less pattern in any year). */
export function seriesCollide(
  a: { format: string; prefix: string; year: number },
  b: { format: string; prefix: string; year: number },
): boolean {
  return numberPatternOf(a.format, a.prefix, a.year) === numberPatternOf(b.format, b.prefix, b.year)
}

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
 * The series a document takes when its draft names none: its key (document type, country) and its prefix and
 * format. Per document type and customer country, prefix FV / DN and the customer country's ISO code (so two
 * countries' series never print the same number), in the issuer's format. An issuer country that shares one
 * numbering (Bulgaria, `numberingRules`) numbers all its invoices and credit notes from ONE series, keyed by the
 * invoice type and the issuer's own country, in 10 digits without a prefix.
 */
export function defaultSeriesOf(
  kind: DocumentKind,
  customerCountry: string,
  issuerCountry: string,
): { documentType: DocumentKind; country: string; prefix: string; format: string } {
  const { format, shared } = numberingRuleOf(issuerCountry)
  if (shared) return { documentType: 'invoice', country: issuerCountry, prefix: '', format }
  const prefix = format.includes('{prefix}') ? `${defaultPrefix[kind]}${countryCodeOf(customerCountry)}` : ''
  return { documentType: kind, country: customerCountry, prefix, format }
}
