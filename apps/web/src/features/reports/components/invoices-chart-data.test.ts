import type { InvoiceReport } from '@expedo/domain'
import { describe, expect, it } from 'vitest'
import { chartsByCurrency } from './invoices-chart-data'

const group = (month: number, country: string, totals: [string, number][]) => ({
  _id: { month, year: 2026, country },
  count: totals.length,
  currency: totals.map(([c]) => c),
  totals: totals.map(([currency, brutto]) => ({
    currency,
    NETTO_total: brutto,
    VAT_total: 0,
    BRUTTO_total: brutto,
  })),
  list: [],
})

describe('the invoice report chart', () => {
  it('draws one chart per currency, never CZK and EUR on one axis, with a bar series per country', () => {
    const report = {
      list: [
        group(10, 'Czech', [['CZK', 600_000]]),
        group(11, 'Czech', [['CZK', 650_000]]),
        group(11, 'Slovakia', [
          ['EUR', 3_000],
          ['CZK', 1_210],
        ]),
      ],
      creditNotes: { count: 0, totals: [] },
    } as unknown as InvoiceReport
    const charts = chartsByCurrency(report, (c) => ({ Czech: 'Česko', Slovakia: 'Slovensko' })[c] ?? c)
    expect(charts).toEqual([
      {
        currency: 'CZK',
        months: ['2026-10', '2026-11'],
        series: [
          { name: 'Česko', data: [600_000, 650_000] },
          { name: 'Slovensko', data: [null, 1_210] },
        ],
      },
      {
        currency: 'EUR',
        months: ['2026-10', '2026-11'],
        series: [{ name: 'Slovensko', data: [null, 3_000] }],
      },
    ])
  })
})
