import { countryCodeOf, numberingRuleOf } from '../invoices/invoices-rules.ts'

/**
 * Pure rules of provider bills (docs/domain.md "Services and bills", spec §4 Bill, §9).
 */

/** Spec §9: bills page size options 10, 30, 50, All (All = 1000, the list's upper bound). */
export const BILLS_PAGE_SIZES = [10, 30, 50, 1000] as const
export const BILLS_PAGE_SIZE = 10
export const BILLS_ALL = 1000

/** Days from a bill's issue to its due date (docs/domain.md). */
export const BILL_DUE_DAYS = 14

/**
 * A bill's status (spec §4): pending = unlocked ('Pending for Approval'); a locked bill is paid, or not paid
 * and in due, or not paid past its due date (overdue). The list filters by the last three.
 */
export const billStatuses = ['pending', 'notpaid-indue', 'notpaid-overdue', 'paid'] as const
export type BillStatus = (typeof billStatuses)[number]
export const billStatusFilters = ['notpaid-indue', 'notpaid-overdue', 'paid'] as const
export type BillStatusFilter = (typeof billStatusFilters)[number]

export function billStatusOf(
  bill: { locked: boolean; isPaid: boolean; dueDate: string | null },
  today: string,
): BillStatus {
  if (bill.isPaid) return 'paid'
  if (!bill.locked) return 'pending'
  return bill.dueDate !== null && bill.dueDate < today ? 'notpaid-overdue' : 'notpaid-indue'
}

/** The default prefixes of an issuer's series: VF (a bill) and VD (its credit note), plus the country code. */
export const billPrefix = { bill: 'VF', billcreditnote: 'VD' } as const

/**
 * The series an issuer's bill or bill credit note takes (the issuer is the provider's entity of `issuerCountry`):
 * per document type with prefixes VF / VD and the country's ISO code; an issuer country that shares one numbering
 * (Bulgaria, `numberingRules`) numbers its bills and bill credit notes from ONE series (the bill type's).
 */
export function defaultBillSeriesOf(
  kind: keyof typeof billPrefix,
  issuerCountry: string,
): { documentType: keyof typeof billPrefix; country: string; prefix: string; format: string } {
  const { format, shared } = numberingRuleOf(issuerCountry)
  if (shared) return { documentType: 'bill', country: issuerCountry, prefix: '', format }
  const prefix = format.includes('{prefix}') ? `${billPrefix[kind]}${countryCodeOf(issuerCountry)}` : ''
  return { documentType: kind, country: issuerCountry, prefix, format }
}

/** The month `YYYY-MM` as its first and last day. */
export function monthPeriod(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const mm = String(m).padStart(2, '0')
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` }
}

/** The month before the one of `day` (`YYYY-MM-DD` → `YYYY-MM`): the monthly run bills it. */
export function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

/**
 * When a tax document for a supply must be issued, per issuer country (FINANCE.md "Place of supply, numbering and
 * document content" → Deadline): `days` after the taxable supply date (for a month's services: the month's last
 * day), counted in calendar days or in working days (Monday to Friday; public holidays are not counted out).
 * Data with its source: an accountant corrects a row, not the code. Countries without a row follow
 * `defaultIssueDeadline`.
 */
export interface IssueDeadlineRule {
  days: number
  workingDays: boolean
  source: string
}
export const defaultIssueDeadline: IssueDeadlineRule = {
  days: 15,
  workingDays: false,
  source: 'VAT Directive 2006/112/EC art. 222: by the 15th day of the month following the chargeable event',
}
export const issueDeadlineRules: Record<string, IssueDeadlineRule> = {
  Czech: { days: 15, workingDays: false, source: 'ZDPH § 28(4): within 15 days of the taxable supply' },
  Slovakia: { days: 15, workingDays: false, source: 'zákon o DPH § 73: within 15 days of the supply' },
  Romania: {
    days: 5,
    workingDays: true,
    source:
      'RO e-Factura (OUG 120/2021 art. 10, Legea 296/2023): upload within 5 working days; the Cod fiscal art. ' +
      '319(16) allows issue until the 15th of the next month, the e-Factura upload is the stricter',
  },
  Bulgaria: { days: 5, workingDays: false, source: 'ЗДДС art. 113(4): within 5 days of the tax event' },
}
export const issueDeadlineRuleOf = (issuerCountry: string): IssueDeadlineRule =>
  issueDeadlineRules[issuerCountry] ?? defaultIssueDeadline

/** The last day to issue a tax document of an issuer country for a supply on `supplyDay` (YYYY-MM-DD). */
export function issueDeadlineOf(issuerCountry: string, supplyDay: string): string {
  const { days, workingDays } = issueDeadlineRuleOf(issuerCountry)
  const d = new Date(`${supplyDay}T00:00:00Z`)
  for (let left = days; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1)
    const weekday = d.getUTCDay()
    if (!workingDays || (weekday !== 0 && weekday !== 6)) left -= 1
  }
  return d.toISOString().slice(0, 10)
}

/** Days before its issuing deadline from which an unlocked bill counts as due soon (the dashboard). */
export const BILL_DEADLINE_NEAR_DAYS = 3

/**
 * Where an unlocked bill stands against its issuing deadline on `today`: overdue after it, soon within
 * BILL_DEADLINE_NEAR_DAYS of it, else in time.
 */
export function issueDeadlineState(issueBy: string, today: string): 'overdue' | 'soon' | 'intime' {
  if (today > issueBy) return 'overdue'
  const near = new Date(`${issueBy}T00:00:00Z`)
  near.setUTCDate(near.getUTCDate() - BILL_DEADLINE_NEAR_DAYS)
  return today >= near.toISOString().slice(0, 10) ? 'soon' : 'intime'
}

/**
 * Why a bill run leaves a client's services unbilled: no issuer in their country, or a place-of-supply case
 * the VAT rules refuse (place-of-supply.ts; refusing beats guessing, FINANCE.md). Any other refused case
 * (a rule row missing) is 'place-of-supply'.
 */
export const billRunSkipReasons = [
  'no-issuer',
  'services-outside-eu',
  'services-immovable-property-abroad',
  'place-of-supply',
] as const
export type BillRunSkipReason = (typeof billRunSkipReasons)[number]
