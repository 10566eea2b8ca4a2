import type { InvoiceReport } from '@expedo/domain'

export interface CurrencyChart {
  currency: string
  /** `YYYY-MM`, oldest first: the months any currency has invoices in, so the charts line up. */
  months: string[]
  /** One bar series per customer country: the month's brutto total, or null. */
  series: { name: string; data: (number | null)[] }[]
}

const monthOf = (g: InvoiceReport['list'][number]) => `${g._id.year}-${String(g._id.month).padStart(2, '0')}`

/**
 * The report's brutto totals as one chart per currency (a CZK total of 600,000 beside a EUR one of 3,000 on
 * one axis makes the EUR bars invisible, and amounts of different currencies are never compared), each with
 * a bar series per country. Currencies in order of first appearance.
 */
export function chartsByCurrency(
  report: InvoiceReport,
  countryName: (country: string) => string,
): CurrencyChart[] {
  const months = [...new Set(report.list.map(monthOf))].sort()
  const charts = new Map<string, Map<string, (number | null)[]>>()
  for (const g of report.list) {
    const month = months.indexOf(monthOf(g))
    for (const total of g.totals) {
      const series = charts.get(total.currency) ?? new Map<string, (number | null)[]>()
      charts.set(total.currency, series)
      const name = countryName(g._id.country)
      const values = series.get(name) ?? months.map(() => null)
      values[month] = total.BRUTTO_total
      series.set(name, values)
    }
  }
  return [...charts].map(([currency, series]) => ({
    currency,
    months,
    series: [...series].map(([name, data]) => ({ name, data })),
  }))
}
