import { describe, expect, it } from 'vitest'
import {
  formatDocumentNumber,
  isValidNumberFormat,
  numberFormatFor,
  variableSymbolOf,
} from './invoices-rules.ts'

describe('document numbers', () => {
  it('formats the counter into the series format', () => {
    expect(formatDocumentNumber('{prefix}{yyyy}{n:6}', 'FV', 2026, 42)).toBe('FV2026000042')
    expect(formatDocumentNumber('{n:10}', '', 2026, 7)).toBe('0000000007')
    expect(formatDocumentNumber('{prefix}-{yy}/{n}', 'DN', 2026, 1234)).toBe('DN-26/1234')
  })

  it('accepts a format with one counter and known tokens only', () => {
    expect(isValidNumberFormat('{prefix}{yyyy}{n:6}')).toBe(true)
    expect(isValidNumberFormat('{n:10}')).toBe(true)
    expect(isValidNumberFormat('{prefix}{yyyy}')).toBe(false)
    expect(isValidNumberFormat('{n}{n}')).toBe(false)
    expect(isValidNumberFormat('{n}{month}')).toBe(false)
  })

  it('numbers Bulgarian series in 10 digits and derives the variable symbol from the digits', () => {
    expect(numberFormatFor('Bulgaria')).toBe('{n:10}')
    expect(numberFormatFor('Czech')).toBe('{prefix}{yyyy}{n:6}')
    expect(variableSymbolOf('FV2026000042')).toBe('2026000042')
    expect(variableSymbolOf('DN-26/1234')).toBe('261234')
  })
})

describe('series (FINANCE.md "Numbering")', () => {
  it('a Bulgarian issuer numbers invoices and credit notes to any country from one series', async () => {
    const { defaultSeriesOf } = await import('./invoices-rules.ts')
    const shared = { documentType: 'invoice', country: 'Bulgaria', prefix: '', format: '{n:10}' }
    expect(defaultSeriesOf('invoice', 'Bulgaria', 'Bulgaria')).toEqual(shared)
    expect(defaultSeriesOf('creditnote', 'Bulgaria', 'Bulgaria')).toEqual(shared)
    expect(defaultSeriesOf('creditnote', 'Greece', 'Bulgaria')).toEqual(shared)
  })

  it('other issuers: a series per type and customer country, prefixed with its ISO code (no two alike)', async () => {
    const { defaultSeriesOf, countryCodeOf } = await import('./invoices-rules.ts')
    expect(defaultSeriesOf('invoice', 'Slovakia', 'Czech')).toMatchObject({
      prefix: 'FVSK',
      country: 'Slovakia',
    })
    expect(defaultSeriesOf('invoice', 'Slovenia', 'Czech').prefix).toBe('FVSI')
    expect(defaultSeriesOf('creditnote', 'Czech', 'Czech')).toMatchObject({
      prefix: 'DNCZ',
      documentType: 'creditnote',
    })
    const { countries } = await import('../common/countries.ts')
    expect(new Set(countries.map((c) => countryCodeOf(c.name))).size).toBe(countries.length)
  })

  it('two series collide when they print one pattern of numbers', async () => {
    const { seriesCollide } = await import('./invoices-rules.ts')
    const fv = { format: '{prefix}{yyyy}{n:6}', prefix: 'FV', year: 2026 }
    expect(seriesCollide(fv, { ...fv })).toBe(true)
    expect(seriesCollide(fv, { ...fv, format: '{prefix}{yyyy}{n:8}' })).toBe(true)
    expect(seriesCollide(fv, { ...fv, year: 2027 })).toBe(false)
    expect(seriesCollide(fv, { ...fv, prefix: 'DN' })).toBe(false)
    expect(seriesCollide(fv, { format: '{prefix}{n:6}', prefix: 'FV2026', year: 2025 })).toBe(true)
    const bg = { format: '{n:10}', prefix: '', year: 2026 }
    expect(seriesCollide(bg, { ...bg, year: 2030 })).toBe(true)
  })
})

describe('currencies and languages by country', () => {
  it('invoices Czech customers in CZK, Romanian in RON, Slovak and Bulgarian in EUR', async () => {
    const { currencyOfCountry, documentLanguageOf, vatStatementCurrency } = await import(
      './invoices-rules.ts'
    )
    expect(['Czech', 'Slovakia', 'Romania', 'Bulgaria', 'France'].map(currencyOfCountry)).toEqual([
      'CZK',
      'EUR',
      'RON',
      'EUR',
      'EUR',
    ])
    expect(['Czech', 'Slovakia', 'Romania', 'Bulgaria', 'Hungary'].map(documentLanguageOf)).toEqual([
      'cs',
      'sk',
      'ro',
      'bg',
      'en',
    ])
    expect([vatStatementCurrency('Czech'), vatStatementCurrency('Slovakia')]).toEqual(['CZK', null])
  })
})
