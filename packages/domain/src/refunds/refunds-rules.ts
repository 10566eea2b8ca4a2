/**
 * Pure rules of refunds (docs/DOMAIN.md "Refunds", spec §4 Refund, §5 refund currency, §9 page sizes).
 */
import { bankAccountProblems, czechAccountIban, isValidIban } from '../common/bank.ts'

/** Spec §4 Refund: every status, in the order the lists show them. */
export const refundStatuses = [
  'New',
  'Approved',
  'not sent',
  'Rejected',
  'Pending Bank Confirmation',
  'duplicate',
  'Refunded',
  'error',
] as const
export type RefundStatus = (typeof refundStatuses)[number]

/** What the client's bulk action may set (spec: 'Bulk actions set Approved or Rejected'). */
export const refundDecisions = ['Approved', 'Rejected'] as const
export type RefundDecision = (typeof refundDecisions)[number]

/** What finance records as the bank's answer to a sent refund. */
export const refundResults = ['Refunded', 'error'] as const
export type RefundResult = (typeof refundResults)[number]

/** Spec §9: page sizes 10, 20, 1000 (All), default 10; default sort createdAt descending. */
export const REFUNDS_PAGE_SIZES = [10, 20, 1000] as const
export const REFUNDS_PAGE_SIZE = 10
export const REFUNDS_ALL = 1000
export const refundSortColumns = ['createdAt', 'updatedAt', 'refundid', 'amount', 'status', 'name'] as const
export type RefundSortColumn = (typeof refundSortColumns)[number]

/** The client decides on a refund while it is New or flagged duplicate. */
export function canDecideRefund(status: RefundStatus): boolean {
  return status === 'New' || status === 'duplicate'
}

/** Edit and delete only while not Refunded and not Pending Bank Confirmation (spec, refunds list). */
export function canEditRefund(status: RefundStatus): boolean {
  return status !== 'Refunded' && status !== 'Pending Bank Confirmation'
}

/** Finance puts Approved refunds in a bank payment file. */
export function canSendRefund(status: RefundStatus): boolean {
  return status === 'Approved'
}

/** The bank's answer (Refunded or error) is recorded only for a refund sent in a payment file. */
export function canRecordRefundResult(status: RefundStatus): boolean {
  return status === 'Pending Bank Confirmation'
}

/** Why `status` may not become `next` by a client's decision, or null when it may. */
export function refundDecisionRefusal(status: RefundStatus, next: RefundDecision): string | null {
  if (status === next) return null
  if (canDecideRefund(status)) return null
  return `is ${status}: only a New or duplicate refund can be set ${next}`
}

/** Spec §5: CZK when the country is 'Czech', otherwise EUR. */
export function refundCurrency(country: string): 'CZK' | 'EUR' {
  return country === 'Czech' ? 'CZK' : 'EUR'
}

export interface RefundBankInput {
  currency: string
  IBAN?: string | undefined
  account_nr?: string | undefined
  account_code?: string | undefined
}

/** The refund's field of each field `bankAccountProblems` names. */
const refundBankField: Record<string, keyof RefundBankInput> = {
  IBAN: 'IBAN',
  accountNr: 'account_nr',
  bankCode: 'account_code',
}

/**
 * The bank data a refund needs, as `{field: reason}` (empty when complete): EUR asks a valid IBAN; any other
 * currency a domestic account number and bank code. The account is then checked as a bank would, the same
 * way as a business client's or issuer's account and the pain.001 file (`bankAccountProblems`, the national
 * bank-code table): the bank code inside a CZ/SK IBAN, or a Czech account's bank code, must be a listed bank's,
 * and an account number or bank code given with an IBAN must be the ones inside it. (A refund carries no BIC:
 * the payment file names the creditor's bank by its IBAN.)
 */
export function refundBankProblems(input: RefundBankInput): Record<string, string> {
  const problems: Record<string, string> = {}
  const accountNr = input.account_nr?.trim() ?? ''
  const accountCode = input.account_code?.trim() ?? ''
  if (input.currency === 'EUR') {
    if (!input.IBAN?.trim()) problems.IBAN = 'is required for EUR'
    else if (!isValidIban(input.IBAN)) problems.IBAN = 'is not a valid IBAN (checksum)'
  } else {
    if (!accountNr) problems.account_nr = `is required for ${input.currency}`
    else if (!/^(\d{1,6}-)?\d{2,10}$/.test(accountNr))
      problems.account_nr = 'must be an account number like 19-2000145399'
    if (!accountCode) problems.account_code = `is required for ${input.currency}`
    else if (!/^\d{4}$/.test(accountCode)) problems.account_code = 'must be a 4-digit bank code'
    if (
      !Object.keys(problems).length &&
      input.currency === 'CZK' &&
      !czechAccountIban(accountNr, accountCode)
    )
      problems.account_nr = 'is not a valid Czech account number (checksum)'
  }
  if (Object.keys(problems).length) return problems
  // A Czech account without an IBAN is checked as the IBAN it stands for (its bank code in the table).
  const iban =
    input.IBAN?.trim() || (input.currency === 'CZK' ? (czechAccountIban(accountNr, accountCode) ?? '') : '')
  const found = bankAccountProblems({
    IBAN: iban,
    ...(input.IBAN?.trim() ? { accountNr, bankCode: accountCode } : {}),
  })
  for (const [field, message] of Object.entries(found)) {
    const own = refundBankField[field]
    if (!own) continue
    // The IBAN a Czech account stands for is not the refund's: its bank code is the account_code's fault.
    problems[own === 'IBAN' && !input.IBAN?.trim() ? 'account_code' : own] = message
  }
  return problems
}

/** A refund's human number: R-000001. */
export const refundNumber = (n: number | bigint): string => `R-${String(n).padStart(6, '0')}`
