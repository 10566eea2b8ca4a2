import type { StockTurnoverRow } from '@expedo/domain'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import ReactEChartsCoreModule from 'echarts-for-react/lib/core'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '@/components/money'

// Only what this chart draws, in this lazy chunk (the invoices chart registers the locales it shares).
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

// echarts-for-react ships CommonJS: the production bundle hands its default export over wrapped once more.
const ReactEChartsCore = ((ReactEChartsCoreModule as unknown as { default?: typeof ReactEChartsCoreModule })
  .default ?? ReactEChartsCoreModule) as typeof ReactEChartsCoreModule

export interface TurnoverChartProps {
  rows: readonly StockTurnoverRow[]
  /** Series names: stock now, units shipped in the window. */
  names: { stock: string; turnover: string }
  /** The chart's accessible description. */
  label: string
}

/** The page's cards side by side: stock now against units shipped in the window. */
export function TurnoverChart({ rows, names, label }: TurnoverChartProps) {
  const { i18n } = useTranslation()
  const number = (v: number) => formatNumber(v, i18n.language || 'cs')
  const option = {
    aria: { enabled: true, label: { description: label } },
    tooltip: { trigger: 'axis', valueFormatter: number },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 64 },
    xAxis: {
      type: 'category',
      data: rows.map((r) => `${r.product_sku}\n${r.warehouse_name}`),
      axisLabel: { interval: 0, fontSize: 10 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: number } },
    series: [
      { name: names.stock, type: 'bar', data: rows.map((r) => r.stock) },
      { name: names.turnover, type: 'bar', data: rows.map((r) => r.turnover) },
    ],
  }
  return (
    <div role="img" aria-label={label} data-testid="turnover-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ height: 280, width: '100%' }}
      />
    </div>
  )
}
