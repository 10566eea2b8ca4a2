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
