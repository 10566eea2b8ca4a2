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
