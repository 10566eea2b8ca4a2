import { describe, expect, it } from 'vitest'
import {
  RefundBulkStatusBodySchema,
  RefundCreateBodySchema,
  RefundListQuerySchema,
  RefundResultBodySchema,
} from './refunds.schemas.ts'
import {
  canDecideRefund,
  canEditRefund,
  canRecordRefundResult,
  canSendRefund,
  refundBankProblems,
  refundCurrency,
  refundDecisionRefusal,
  refundNumber,
  refundStatuses,
} from './refunds-rules.ts'

const order = '01930000-0000-7000-8000-000000000001'
const base = {
  order,
  name: 'Jana Nováková',
  country: 'Slovakia',
  city: 'Bratislava',
  street: 'Hlavná 1',
  amount: 12.5,
}
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('refund transitions', () => {
  it('lets the client decide only New and duplicate refunds', () => {
    expect(refundStatuses.filter(canDecideRefund)).toEqual(['New', 'duplicate'])
    expect(refundDecisionRefusal('New', 'Approved')).toBeNull()
    expect(refundDecisionRefusal('duplicate', 'Rejected')).toBeNull()
    expect(refundDecisionRefusal('Refunded', 'Approved')).toMatch(/is Refunded/)
    expect(refundDecisionRefusal('Rejected', 'Approved')).toMatch(/only a New or duplicate/)
    // Setting the status it already has is no change, not a refusal.
    expect(refundDecisionRefusal('Approved', 'Approved')).toBeNull()
  })
  it('allows edit and delete except when Refunded or Pending Bank Confirmation', () => {
    expect(refundStatuses.filter((s) => !canEditRefund(s))).toEqual(['Pending Bank Confirmation', 'Refunded'])
  })
  it('sends only Approved refunds and records the bank answer only for sent ones', () => {
    expect(refundStatuses.filter(canSendRefund)).toEqual(['Approved'])
    expect(refundStatuses.filter(canRecordRefundResult)).toEqual(['Pending Bank Confirmation'])
  })
  it('numbers refunds R-000001', () => {
    expect(refundNumber(1)).toBe('R-000001')
    expect(refundNumber(1234567)).toBe('R-1234567')
  })
})

describe('refund currency and bank data (spec §5)', () => {
  it('is CZK for Czech and EUR for any other country', () => {
    expect(refundCurrency('Czech')).toBe('CZK')
    expect(refundCurrency('Slovakia')).toBe('EUR')
    expect(refundCurrency('Romania')).toBe('EUR')
  })
  it('asks a valid IBAN for EUR and an account with bank code otherwise', () => {
    expect(refundBankProblems({ currency: 'EUR' })).toEqual({ IBAN: 'is required for EUR' })
    expect(refundBankProblems({ currency: 'EUR', IBAN: 'SK6609000000005012345678' })).toEqual({})
    expect(refundBankProblems({ currency: 'EUR', IBAN: 'SK3112000000198742637542' }).IBAN).toMatch(/checksum/)
    expect(refundBankProblems({ currency: 'CZK' })).toEqual({
      account_nr: 'is required for CZK',
      account_code: 'is required for CZK',
    })
    expect(
      refundBankProblems({ currency: 'CZK', account_nr: '19-2000145399', account_code: '0800' }),
    ).toEqual({})
    expect(
      refundBankProblems({ currency: 'CZK', account_nr: '19-2000145398', account_code: '0800' }),
    ).toEqual({
      account_nr: 'is not a valid Czech account number (checksum)',
    })
    expect(refundBankProblems({ currency: 'CZK', account_nr: 'abc', account_code: '80' })).toEqual({
      account_nr: 'must be an account number like 19-2000145399',
      account_code: 'must be a 4-digit bank code',
    })
  })
})

describe('a refund’s account against the national bank-code table (as bank files check it)', () => {
  it('refuses a CZ/SK bank code no bank has, on the field that carries it', () => {
    expect(refundBankProblems({ currency: 'EUR', IBAN: 'SK3112000000198742637541' })).toEqual({
      IBAN: 'has the bank code 1200, which is not in the SK national bank-code table',
    })
    expect(
      refundBankProblems({ currency: 'CZK', account_nr: '19-2000145399', account_code: '0000' }),
    ).toEqual({
      account_code: 'has the bank code 0000, which is not in the CZ national bank-code table',
    })
  })
  it('refuses an account number or bank code that is not the one inside the IBAN', () => {
    expect(
      refundBankProblems({ currency: 'EUR', IBAN: 'SK6609000000005012345678', account_code: '1100' }),
    ).toEqual({ account_code: 'does not match the bank code 0900 inside the IBAN' })
    expect(
      refundBankProblems({
        currency: 'CZK',
        IBAN: 'CZ6508000000192000145399',
        account_nr: '8351055966',
        account_code: '0800',
      }),
    ).toEqual({ account_nr: 'does not match the account number inside the IBAN' })
  })
  it('accepts listed banks and countries without a table', () => {
    expect(refundBankProblems({ currency: 'EUR', IBAN: 'DE89370400440532013000' })).toEqual({})
    expect(
      refundBankProblems({
        currency: 'CZK',
        IBAN: 'CZ6508000000192000145399',
        account_nr: '19-2000145399',
        account_code: '0800',
      }),
    ).toEqual({})
  })
})

describe('refund schemas', () => {
  it('derives the currency and normalises the IBAN', () => {
    const r = RefundCreateBodySchema.parse({ ...base, IBAN: 'sk66 0900 0000 0050 1234 5678' })
    expect(r.IBAN).toBe('SK6609000000005012345678')
    expect(r.currency).toBeUndefined()
  })
  it('names the field and reason of bad input', () => {
    expect(issues(RefundCreateBodySchema.safeParse({ ...base, IBAN: 'SK00' }))).toEqual({
      IBAN: 'is not a valid IBAN (checksum)',
    })
    expect(
      issues(
        RefundCreateBodySchema.safeParse({ ...base, country: 'Czech', IBAN: 'SK6609000000005012345678' }),
      ),
    ).toEqual({ account_nr: 'is required for CZK', account_code: 'is required for CZK' })
    expect(
      issues(
        RefundCreateBodySchema.safeParse({ ...base, currency: 'CZK', IBAN: 'SK6609000000005012345678' }),
      ),
    ).toEqual({ currency: 'must be EUR for Slovakia' })
    expect(
      issues(RefundCreateBodySchema.safeParse({ ...base, amount: 0, IBAN: 'SK6609000000005012345678' })),
    ).toEqual({ amount: 'must be more than 0' })
    expect(
      issues(RefundCreateBodySchema.safeParse({ ...base, amount: 1.005, IBAN: 'SK6609000000005012345678' })),
    ).toEqual({ amount: 'must have at most 2 decimals' })
  })
  it('takes the bulk decision and the bank answer', () => {
    expect(RefundBulkStatusBodySchema.safeParse({ refunds: [order], status: 'Refunded' }).success).toBe(false)
    expect(RefundBulkStatusBodySchema.safeParse({ refunds: [], status: 'Approved' }).success).toBe(false)
    expect(issues(RefundResultBodySchema.safeParse({ status: 'error' }))).toEqual({
      error_msgs: 'is required for error',
    })
    expect(RefundResultBodySchema.safeParse({ status: 'Refunded' }).success).toBe(true)
  })
  it('pages by 10 and sorts createdAt descending by default', () => {
    expect(RefundListQuerySchema.parse({})).toMatchObject({
      currentPage: 1,
      limit: 10,
      sortColumn: 'createdAt',
      sortType: 'desc',
    })
    expect(RefundListQuerySchema.safeParse({ limit: '1001' }).success).toBe(false)
    expect(RefundListQuerySchema.safeParse({ sortColumn: 'iban' }).success).toBe(false)
  })
})
