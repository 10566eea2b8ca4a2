import type { Dashboard } from '@expedo/domain'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import ReactEChartsCoreModule from 'echarts-for-react/lib/core'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/components/money'

// Only what these charts draw, in this lazy chunk (never in the first load).
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

// echarts-for-react ships CommonJS: the production bundle hands its default export over wrapped once more.
const ReactEChartsCore = ((ReactEChartsCoreModule as unknown as { default?: typeof ReactEChartsCoreModule })
  .default ?? ReactEChartsCoreModule) as typeof ReactEChartsCoreModule

export interface OrdersPerDayChartProps {
  days: string[]
  rows: Dashboard['ordersPerDay']
  /** Translated status names. */
  statusLabel: (status: string) => string
  label: string
}

/** Orders created each day, stacked by their status now. */
export function OrdersPerDayChart({ days, rows, statusLabel, label }: OrdersPerDayChartProps) {
  const { i18n } = useTranslation()
  const number = (v: number) => formatNumber(v, i18n.language || 'cs')
  const statuses = [...new Set(rows.map((r) => r.status))]
  const series = statuses.map((status) => {
    const data = days.map(() => 0)
    for (const r of rows) if (r.status === status) data[days.indexOf(r.day)] = r.count
    return { name: statusLabel(status), type: 'bar', stack: 'orders', data }
  })
  const option = {
    aria: { enabled: true, label: { description: label } },
    tooltip: { trigger: 'axis', valueFormatter: number },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: days.map((d) => `${d.slice(8, 10)}.${d.slice(5, 7)}.`) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: number } },
    series,
  }
  return (
    <div role="img" aria-label={label} data-testid="orders-per-day-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ height: 300, width: '100%' }}
      />
    </div>
  )
}
