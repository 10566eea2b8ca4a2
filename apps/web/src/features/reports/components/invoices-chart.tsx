import type { InvoiceReport } from '@expedo/domain'
import { Flex, Typography } from 'antd'
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
import { chartsByCurrency } from './invoices-chart-data'

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
  /** A chart's accessible description, naming its currency. */
  label: (currency: string) => string
}

/**
 * Brutto totals of issued invoices by month: one bar chart per currency (chartsByCurrency), each with a bar
 * series per customer country; the axis speaks the reader's number format.
 */
export function InvoicesChart({ report, label }: InvoicesChartProps) {
  const { i18n } = useTranslation()
  const locale = i18n.language || 'cs'
  const countryName = useCountryName()
  const charts = chartsByCurrency(report, countryName)
  return (
    <Flex vertical gap="middle">
      {charts.map((chart) => (
        <div
          key={chart.currency}
          role="img"
          aria-label={label(chart.currency)}
          data-testid="invoices-chart"
          data-currency={chart.currency}
        >
          {charts.length > 1 && <Typography.Text strong>{chart.currency}</Typography.Text>}
          <ReactEChartsCore
            echarts={echarts}
            option={{
              aria: { enabled: true, label: { description: label(chart.currency) } },
              tooltip: {
                trigger: 'axis',
                valueFormatter: (v: number | null) => `${formatAmount(v, locale)} ${chart.currency}`,
              },
              legend: { type: 'scroll', bottom: 0 },
              grid: { left: 72, right: 16, top: 16, bottom: 48 },
              xAxis: { type: 'category', data: chart.months },
              yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatNumber(v, locale) } },
              series: chart.series.map((s) => ({ ...s, type: 'bar' })),
            }}
            notMerge
            opts={{ renderer: 'svg', locale: chartLocale[i18n.language] ?? 'EN' }}
            style={{ height: charts.length > 1 ? 260 : 320, width: '100%' }}
          />
        </div>
      ))}
    </Flex>
  )
}
