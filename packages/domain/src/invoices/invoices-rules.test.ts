import { describe, expect, it } from 'vitest'
import { documentTotals, moneyText } from '../common/money.ts'
import {
  formatDocumentNumber,
  isValidNumberFormat,
  numberFormatFor,
  orderInvoiceLines,
  paidBeforeIssueOf,
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

describe('orderInvoiceLines', () => {
  it('keeps each order line price and the shipping as gross totals: the invoice total is the order total', () => {
    const lines = orderInvoiceLines(
      [
        { name: 'Mug', sku: 'M', quantity: 1, price: 100 },
        { name: 'Tea', sku: 'T', quantity: 3, price: 100 },
      ],
      89,
      '21',
      'cs',
    )
    const t = documentTotals(lines)
    expect(moneyText(t.brutto)).toBe('289.00')
    expect(lines.map((l) => l.grossTotal)).toEqual(['100.00', '100.00', '89.00'])
    expect(lines.at(-1)!.name).toBe('Doprava')
    expect(t.recap.map((r) => [r.vatPercent, moneyText(r.base), moneyText(r.vat)])).toEqual([
      ['21.00', '238.83', '50.17'],
    ])
  })
})

describe('paidBeforeIssueOf', () => {
  it('COD is paid by COD, paid online and card are paid online, a bank transfer is not paid', () => {
    expect(paidBeforeIssueOf('COD')).toBe('cod')
    expect(paidBeforeIssueOf('Paid Online')).toBe('online')
    expect(paidBeforeIssueOf('Card')).toBe('online')
    expect(paidBeforeIssueOf('Platba kartou')).toBe('online')
    expect(paidBeforeIssueOf('Bank transfer')).toBeNull()
    expect(paidBeforeIssueOf('')).toBeNull()
  })
})
