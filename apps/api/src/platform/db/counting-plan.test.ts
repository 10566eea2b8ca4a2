import { describe, expect, it } from 'vitest'
import { countingPlan } from './counting-plan.ts'

const at = (iso: string) => new Date(iso)
/** Far after every range below: every day may hold orders. */
const later = at('2030-01-01')
const day = (d: Date | undefined) => d?.toISOString().slice(0, 10) ?? null
const show = (plan: ReturnType<typeof countingPlan>) => ({
  months: plan.months?.map(day) ?? null,
  days: plan.days.map((r) => r.map(day)),
  minusDays: plan.minusDays.map((r) => r.map(day)),
  orders: plan.orders.map((r) => r.map((d) => d?.toISOString() ?? null)),
})

describe('countingPlan: how a date range is counted from per-day and per-month counts', () => {
  it('takes whole months, adds or subtracts whole days at the ends (fewer days read), counts the orders of a cut day', () => {
    expect(show(countingPlan(at('2026-01-10T09:30:00Z'), at('2026-04-03T12:00:00Z'), later))).toEqual({
      // From Jan 11: January less its first 10 days (10 days read instead of 21).
      months: ['2026-01-01', '2026-04-01'],
      days: [['2026-04-01', '2026-04-03']],
      minusDays: [['2026-01-01', '2026-01-11']],
      orders: [
        ['2026-01-10T09:30:00.000Z', '2026-01-11T00:00:00.000Z'],
        ['2026-04-03T00:00:00.000Z', '2026-04-03T12:00:00.000Z'],
      ],
    })
  })

  it('the last 30 days up to today: the current month less the days to come (none hold orders)', () => {
    expect(show(countingPlan(at('2026-10-24'), at('2026-11-24'), at('2026-11-23T12:00:00Z')))).toEqual({
      months: ['2026-11-01', '2026-12-01'],
      days: [['2026-10-24', '2026-11-01']],
      minusDays: [['2026-11-24', '2026-12-01']],
      orders: [],
    })
  })

  it('inside one month: its days, or the month less both sides; within one day, orders only', () => {
    expect(show(countingPlan(at('2026-01-10'), at('2026-01-20'), later))).toEqual({
      months: null,
      days: [['2026-01-10', '2026-01-20']],
      minusDays: [],
      orders: [],
    })
    expect(show(countingPlan(at('2026-01-03'), at('2026-01-29'), later))).toEqual({
      months: ['2026-01-01', '2026-02-01'],
      days: [],
      minusDays: [
        ['2026-01-01', '2026-01-03'],
        ['2026-01-29', '2026-02-01'],
      ],
      orders: [],
    })
    expect(show(countingPlan(at('2026-01-10T01:00:00Z'), at('2026-01-10T23:00:00Z'), later))).toEqual({
      months: null,
      days: [],
      minusDays: [],
      orders: [['2026-01-10T01:00:00.000Z', '2026-01-10T23:00:00.000Z']],
    })
  })

  it('whole months exactly, and open ends', () => {
    expect(show(countingPlan(at('2026-01-01'), at('2026-03-01'), later))).toEqual({
      months: ['2026-01-01', '2026-03-01'],
      days: [],
      minusDays: [],
      orders: [],
    })
    expect(show(countingPlan(undefined, undefined, later))).toEqual({
      months: [null, null],
      days: [],
      minusDays: [],
      orders: [],
    })
    expect(show(countingPlan(at('2025-12-30'), undefined, later))).toEqual({
      months: ['2026-01-01', null],
      days: [['2025-12-30', '2026-01-01']],
      minusDays: [],
      orders: [],
    })
    expect(show(countingPlan(undefined, at('2026-02-05T06:00:00Z'), later))).toEqual({
      months: [null, '2026-02-01'],
      days: [['2026-02-01', '2026-02-05']],
      minusDays: [],
      orders: [['2026-02-05T00:00:00.000Z', '2026-02-05T06:00:00.000Z']],
    })
  })

  it('an empty or reversed range counts nothing from the kept rows', () => {
    expect(show(countingPlan(at('2026-02-01'), at('2026-01-01'), later))).toEqual({
      months: null,
      days: [],
      minusDays: [],
      orders: [['2026-02-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']],
    })
  })
})
