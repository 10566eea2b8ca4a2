import type { InvoiceReport } from '@expedo/domain'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import langCS from 'echarts/i18n/langCS-obj.js'
import langEN from 'echarts/i18n/langEN-obj.js'
import langRO from 'echarts/i18n/langRO-obj.js'
import langRU from 'echarts/i18n/langRU-obj.js'
import { SVGRenderer } from 'echarts/renderers'
import ReactEChartsCoreModule from 'echarts-for-react/lib/core'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { formatAmount, formatNumber } from '@/components/money'

// Only what this chart draws (FINANCE.md "Charts": tree-shaken, in this lazy chunk only).
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])
echarts.registerLocale('CS', langCS)
echarts.registerLocale('EN', langEN)
echarts.registerLocale('RO', langRO)
echarts.registerLocale('RU', langRU)
// Slovak: the few words this chart could show (ECharts ships no Slovak locale).
echarts.registerLocale('SK', { ...langCS, legend: { selector: { all: 'Všetko', inverse: 'Obrátiť' } } })

// echarts-for-react ships CommonJS: the production bundle hands its default export over wrapped once more.
const ReactEChartsCore = ((ReactEChartsCoreModule as unknown as { default?: typeof ReactEChartsCoreModule })
  .default ?? ReactEChartsCoreModule) as typeof ReactEChartsCoreModule

const chartLocale: Record<string, string> = { cs: 'CS', en: 'EN', ro: 'RO', ru: 'RU', sk: 'SK' }

export interface InvoicesChartProps {
  report: InvoiceReport
  /** The chart's accessible description. */
  label: string
}

/**
 * Brutto totals of issued invoices by month, one bar series per country and currency (amounts of different
 * currencies are never added together).
 */
export function InvoicesChart({ report, label }: InvoicesChartProps) {
  const { i18n } = useTranslation()
  const locale = i18n.language || 'cs'
  const countryName = useCountryName()
  const months = [
    ...new Set(report.list.map((g) => `${g._id.year}-${String(g._id.month).padStart(2, '0')}`)),
  ].sort()
  const series = new Map<string, (number | null)[]>()
  for (const g of report.list) {
    const month = months.indexOf(`${g._id.year}-${String(g._id.month).padStart(2, '0')}`)
    for (const total of g.totals) {
      const name = `${countryName(g._id.country)} (${total.currency})`
      const values = series.get(name) ?? months.map(() => null)
      values[month] = total.BRUTTO_total
      series.set(name, values)
    }
  }
  const option = {
    aria: { enabled: true, label: { description: label } },
    tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => formatAmount(v, locale) },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 60, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatNumber(v, locale) } },
    series: [...series].map(([name, data]) => ({ name, type: 'bar', data })),
  }
  return (
    <div role="img" aria-label={label} data-testid="invoices-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg', locale: chartLocale[i18n.language] ?? 'EN' }}
        style={{ height: 320, width: '100%' }}
      />
    </div>
  )
}
