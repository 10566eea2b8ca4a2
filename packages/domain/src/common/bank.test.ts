import { describe, expect, it } from 'vitest'
import { formatIban, isValidIban } from './bank.ts'

describe('isValidIban', () => {
  it('accepts valid IBANs with or without spaces and in lower case', () => {
    expect(isValidIban('CZ6508000000192000145399')).toBe(true)
    expect(isValidIban('RO49 AAAA 1B31 0075 9384 0000')).toBe(true)
    expect(isValidIban('de89370400440532013000')).toBe(true)
  })
  it('rejects a wrong check digit, a wrong length and foreign characters', () => {
    expect(isValidIban('CZ6508000000192000145398')).toBe(false)
    expect(isValidIban('CZ65')).toBe(false)
    expect(isValidIban('CZ65-0800-0000-1920-0014-5399')).toBe(false)
  })
  it('formats in groups of four', () => {
    expect(formatIban('cz6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399')
  })
})
