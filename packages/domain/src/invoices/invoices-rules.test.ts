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
