import { describe, expect, it } from 'vitest'
import { billStatusOf, monthPeriod, previousMonth } from './bills-rules.ts'

describe('bill status', () => {
  const today = '2026-03-10'
  it('is pending while unlocked, paid once paid', () => {
    expect(billStatusOf({ locked: false, isPaid: false, dueDate: null }, today)).toBe('pending')
    expect(billStatusOf({ locked: true, isPaid: true, dueDate: '2026-01-01' }, today)).toBe('paid')
  })
  it('is overdue only after the due day', () => {
    expect(billStatusOf({ locked: true, isPaid: false, dueDate: '2026-03-10' }, today)).toBe('notpaid-indue')
    expect(billStatusOf({ locked: true, isPaid: false, dueDate: '2026-03-09' }, today)).toBe(
      'notpaid-overdue',
    )
  })
})

describe('bill periods', () => {
  it('spans a whole month, leap February included', () => {
    expect(monthPeriod('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' })
    expect(monthPeriod('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' })
  })
  it('bills the previous month, across a year', () => {
    expect(previousMonth('2027-01-01')).toBe('2026-12')
    expect(previousMonth('2026-11-01')).toBe('2026-10')
  })
})

describe('issuing deadline (FINANCE.md "Deadline")', () => {
  it('is 15 days after a month’s last day in CZ and SK, 5 working days in RO, 5 days in BG', async () => {
    const { issueDeadlineOf, issueDeadlineState } = await import('./bills-rules.ts')
    expect(issueDeadlineOf('Czech', '2026-10-31')).toBe('2026-11-15')
    expect(issueDeadlineOf('Slovakia', '2026-10-31')).toBe('2026-11-15')
    // 31 October 2026 is a Saturday: Monday 2 … Friday 6 November.
    expect(issueDeadlineOf('Romania', '2026-10-31')).toBe('2026-11-06')
    expect(issueDeadlineOf('Bulgaria', '2026-10-31')).toBe('2026-11-05')
    expect(issueDeadlineOf('Hungary', '2026-02-28')).toBe('2026-03-15')
    expect(issueDeadlineState('2026-11-15', '2026-11-01')).toBe('intime')
    expect(issueDeadlineState('2026-11-15', '2026-11-12')).toBe('soon')
    expect(issueDeadlineState('2026-11-15', '2026-11-15')).toBe('soon')
    expect(issueDeadlineState('2026-11-15', '2026-11-16')).toBe('overdue')
  })
})

describe('bill series', () => {
  it('VF / VD with the issuer country’s ISO code; a Bulgarian issuer’s bills and notes share one series', async () => {
    const { defaultBillSeriesOf } = await import('./bills-rules.ts')
    expect(defaultBillSeriesOf('bill', 'Slovakia')).toMatchObject({ documentType: 'bill', prefix: 'VFSK' })
    expect(defaultBillSeriesOf('billcreditnote', 'Czech')).toMatchObject({
      documentType: 'billcreditnote',
      prefix: 'VDCZ',
    })
    expect(defaultBillSeriesOf('billcreditnote', 'Bulgaria')).toEqual(defaultBillSeriesOf('bill', 'Bulgaria'))
    expect(defaultBillSeriesOf('billcreditnote', 'Bulgaria')).toEqual({
      documentType: 'bill',
      country: 'Bulgaria',
      prefix: '',
      format: '{n:10}',
    })
  })
})
