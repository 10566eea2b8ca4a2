import { describe, expect, it } from 'vitest'
import { checkVatNumber, taxIdProblem } from './vat-number.ts'

/**
 * Published examples: the VIES-valid numbers quoted by python-stdnum's documentation and the national
 * authorities' samples; the invalid ones change one digit (a wrong check digit) or the length (a wrong format).
 */
describe('VAT numbers by country', () => {
  const valid = [
    ['CZ 25123891', 'CZ', 'CZ25123891'],
    ['CZ27082440', 'CZ', 'CZ27082440'],
    ['CZ 710319 2745', 'CZ', 'CZ7103192745'],
    ['SK 202 274 96 19', 'SK', 'SK2022749619'],
    ['RO 185 472 90', 'RO', 'RO18547290'],
    ['RO14399840', 'RO', 'RO14399840'],
    ['BG 175 074 752', 'BG', 'BG175074752'],
    ['BG7523169263', 'BG', 'BG7523169263'],
    ['HU-12892312', 'HU', 'HU12892312'],
    ['PL 8567346215', 'PL', 'PL8567346215'],
    ['DE 136,695 976', 'DE', 'DE136695976'],
    ['AT U13585627', 'AT', 'ATU13585627'],
    ['EL 094259216', 'GR', 'EL094259216'],
    ['BE0776091951', 'BE', 'BE0776091951'],
    ['NL004495445B01', 'NL', 'NL004495445B01'],
  ] as const
  it.each(valid)('accepts %s', (value, country, number) => {
    expect(checkVatNumber(value)).toEqual({ valid: true, country, number })
  })

  const wrongCheckDigit = [
    'CZ25123892',
    'CZ7103192746',
    'SK2022749618',
    'RO18547291',
    'BG175074753',
    'HU12892313',
    'PL8567346216',
    'DE136695977',
    'ATU13585628',
    'EL094259217',
  ]
  it.each(wrongCheckDigit)('refuses %s: a wrong check digit', (value) => {
    expect(checkVatNumber(value)).toEqual({
      valid: false,
      reason: expect.stringContaining('wrong check digit'),
    })
  })

  const wrongFormat = [
    'CZ1234567',
    'SK20227496',
    'ROABC',
    'BG12345678',
    'HU1289231',
    'ATX13585627',
    'NL004495445C01',
    'GR094259216',
  ]
  it.each(wrongFormat)('refuses %s: not the country’s format', (value) => {
    expect(checkVatNumber(value).valid).toBe(false)
  })

  it('checks a number without prefix by the party’s country', () => {
    expect(checkVatNumber('18547290', 'Romania')).toEqual({
      valid: true,
      country: 'RO',
      number: 'RO18547290',
    })
    expect(checkVatNumber('18547291', 'Romania').valid).toBe(false)
    expect(checkVatNumber('123', 'United States').valid).toBe(false)
  })

  it('says what is wrong with a party’s tax id, and leaves other countries’ ids alone', () => {
    expect(taxIdProblem('', 'Czech')).toBeNull()
    expect(taxIdProblem('CZ25123891', 'Czech')).toBeNull()
    expect(taxIdProblem('CZ25123892', 'Czech')).toBe('has a wrong check digit for a CZ VAT number')
    expect(taxIdProblem('SK1', 'Slovakia')).toBe('is not in the format of a SK VAT number')
    expect(taxIdProblem('GB123456789', 'United Kingdom')).toBeNull()
    expect(taxIdProblem('98-7654321')).toBeNull()
    // A national tax number of another shape is not a VAT number: left alone without the prefix.
    expect(taxIdProblem('12892312-2-41', 'Hungary')).toBeNull()
    expect(taxIdProblem('21/815/08150', 'Germany')).toBeNull()
    expect(taxIdProblem('18547291', 'Romania')).toBe('has a wrong check digit for a RO VAT number')
  })
})
