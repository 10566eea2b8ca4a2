import { describe, expect, it } from 'vitest'
import {
  BIC_PATTERN,
  bankAccountProblems,
  bankOfIban,
  czechAccountIban,
  formatIban,
  isValidIban,
} from './bank.ts'
import { bankCodeTables } from './bank-codes.ts'

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

describe('bank-code table (CNB, NBS)', () => {
  it('holds the published BIC of each bank code, one row per code', () => {
    const cz = new Map(bankCodeTables.CZ.map((r) => [r.code, r.bic]))
    const sk = new Map(bankCodeTables.SK.map((r) => [r.code, r.bic]))
    expect(cz.get('0800')).toBe('GIBACZPX')
    expect(cz.get('2010')).toBe('FIOBCZPP')
    expect(cz.get('0300')).toBe('CEKOCZPP')
    expect(sk.get('0900')).toBe('GIBASKBX')
    expect(sk.get('1100')).toBe('TATRSKBX')
    expect(sk.get('0200')).toBe('SUBASKBX')
    expect(sk.get('7500')).toBe('CEKOSKBX')
    for (const rows of Object.values(bankCodeTables)) {
      expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length)
      for (const row of rows) {
        expect(row.code).toMatch(/^\d{4}$/)
        if (row.bic) expect(row.bic).toMatch(BIC_PATTERN)
      }
    }
  })

  it('finds the bank of a Czech or Slovak IBAN by the code inside it', () => {
    expect(bankOfIban('CZ65 0800 0000 1920 0014 5399')?.bic).toBe('GIBACZPX')
    expect(bankOfIban('SK6609000000005012345678')?.bic).toBe('GIBASKBX')
    // the textbook example's 1200 is no Slovak bank code
    expect(bankOfIban('SK3112000000198742637541')).toBeNull()
    expect(bankOfIban('DE89370400440532013000')).toBeUndefined()
  })
})

describe('bankAccountProblems', () => {
  it('accepts an account whose BIC, bank code and number agree with its IBAN', () => {
    expect(
      bankAccountProblems({
        IBAN: 'CZ65 0800 0000 1920 0014 5399',
        SWIFT: 'GIBACZPXXXX',
        accountNr: '19-2000145399',
        bankCode: '0800',
      }),
    ).toEqual({})
    expect(bankAccountProblems({ IBAN: 'CZ9320100000002000145399', SWIFT: 'FIOBCZPP' })).toEqual({})
    expect(bankAccountProblems({ IBAN: 'SK2411000000002612345678', SWIFT: 'tatrskbx' })).toEqual({})
    // no table for other countries: only the check digits and the BIC's form
    expect(bankAccountProblems({ IBAN: 'DE89370400440532013000', SWIFT: 'COBADEFFXXX' })).toEqual({})
    expect(bankAccountProblems({ accountNr: '19-2000145399', bankCode: '0800' })).toEqual({})
  })

  it('names the field and the reason of a BIC from another bank than the IBAN', () => {
    // the demo's payer: Fio's BIC on a Česká spořitelna IBAN
    expect(bankAccountProblems({ IBAN: 'CZ6508000000192000145399', SWIFT: 'FIOBCZPP' })).toEqual({
      SWIFT: 'does not match the IBAN: bank code 0800 is Česká spořitelna, a.s., BIC GIBACZPX',
    })
    expect(bankAccountProblems({ IBAN: 'SK6609000000005012345678', SWIFT: 'TATRSKBX' }).SWIFT).toContain(
      'bank code 0900',
    )
  })

  it('refuses wrong check digits, an unlisted bank code, a malformed BIC and a bank code or number unlike the IBAN', () => {
    expect(bankAccountProblems({ IBAN: 'CZ6608000000192000145399' }).IBAN).toContain('check digits')
    expect(bankAccountProblems({ IBAN: 'SK3112000000198742637541' }).IBAN).toBe(
      'has the bank code 1200, which is not in the SK national bank-code table',
    )
    expect(bankAccountProblems({ SWIFT: 'GIBA CZ' }).SWIFT).toContain('is not a BIC')
    expect(bankAccountProblems({ IBAN: 'CZ6508000000192000145399', bankCode: '2010' })).toEqual({
      bankCode: 'does not match the bank code 0800 inside the IBAN',
    })
    expect(
      bankAccountProblems({ IBAN: 'CZ6508000000192000145399', accountNr: '2000145399', bankCode: '0800' }),
    ).toEqual({ accountNr: 'does not match the account number inside the IBAN' })
  })
})
