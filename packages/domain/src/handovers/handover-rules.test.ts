import { describe, expect, it } from 'vitest'
import { handoverCode, pickupWindowProblem } from './handover-rules.ts'

const now = new Date('2026-11-30T08:00:00Z')
const at = (iso: string) => new Date(iso)

describe('handover rules', () => {
  it('prints the number as the manifest barcode', () => {
    expect(handoverCode(12)).toBe('H-000012')
    expect(handoverCode(1234567)).toBe('H-1234567')
  })

  it('accepts a window of an hour or more later the same day', () => {
    expect(pickupWindowProblem(at('2026-11-30T13:00:00Z'), at('2026-11-30T14:00:00Z'), now)).toBeNull()
    expect(pickupWindowProblem(at('2026-11-30T07:59:30Z'), at('2026-11-30T12:00:00Z'), now)).toBeNull()
  })

  it('refuses a window in the past, reversed, too short, over two days or too far ahead', () => {
    expect(pickupWindowProblem(at('2026-11-30T07:00:00Z'), at('2026-11-30T12:00:00Z'), now)).toBe('past')
    expect(pickupWindowProblem(at('2026-11-30T12:00:00Z'), at('2026-11-30T12:00:00Z'), now)).toBe('order')
    expect(pickupWindowProblem(at('2026-11-30T12:00:00Z'), at('2026-11-30T12:59:00Z'), now)).toBe('short')
    expect(pickupWindowProblem(at('2026-11-30T22:00:00Z'), at('2026-12-01T02:00:00Z'), now)).toBe('otherDay')
    expect(pickupWindowProblem(at('2026-12-08T09:00:00Z'), at('2026-12-08T12:00:00Z'), now)).toBe('tooFar')
  })
})
