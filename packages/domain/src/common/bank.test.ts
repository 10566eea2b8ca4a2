import { describe, expect, it } from 'vitest'
import { czechAccountIban, formatIban, isValidIban } from './bank.ts'

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

describe('czechAccountIban', () => {
  it('turns a Czech account number and bank code into its IBAN', () => {
    expect(czechAccountIban('19-2000145399', '0800')).toBe('CZ6508000000192000145399')
    // without a prefix: the same bank code and number, zeros in the prefix's place
    expect(czechAccountIban('2000145399', '0800')).toMatch(/^CZ\d{2}08000000002000145399$/)
    expect(isValidIban(czechAccountIban('2000145399', '0800')!)).toBe(true)
  })
  it('refuses a number failing the mod-11 check, a bad bank code or a malformed number', () => {
    expect(czechAccountIban('19-2000145398', '0800')).toBeNull()
    expect(czechAccountIban('19-2000145399', '800')).toBeNull()
    expect(czechAccountIban('19/2000145399', '0800')).toBeNull()
    expect(czechAccountIban('0', '0800')).toBeNull()
  })
})
