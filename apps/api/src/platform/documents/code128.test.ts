import { describe, expect, it } from 'vitest'
import { CODE128_PATTERN_COUNT, code128Modules, code128Widths } from './code128.ts'

describe('code128Widths', () => {
  it('writes start B, the data, the check symbol and the stop', () => {
    // "A": start B (104) + A (33) → check (104 + 33) % 103 = 34.
    const widths = code128Widths('A')
    expect(widths.slice(0, 6).join('')).toBe('211214')
    expect(widths.slice(6, 12).join('')).toBe('111323')
    expect(widths.slice(12, 18).join('')).toBe('131123')
    expect(widths.slice(18).join('')).toBe('2331112')
  })

  it('has 106 distinct symbols', () => {
    expect(CODE128_PATTERN_COUNT).toBe(106)
  })

  it('gives every symbol 11 modules', () => {
    expect(code128Modules('A-01-01-1')).toBe(11 * 11 + 13)
  })

  it('refuses characters outside printable ASCII', () => {
    expect(() => code128Widths('Č-01')).toThrow()
  })
})
