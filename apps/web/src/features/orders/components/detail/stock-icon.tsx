import { CheckCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons'
import type { Order } from '@expedo/domain'
import { Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'

type Line = Pick<Order['items'][number], 'stockAvailable' | 'low_stock'>

/** Which icon a line gets (spec §2): red attention for low stock, yellow for none available, green check. */
export function stockState(item: Line): 'low' | 'none' | 'ok' {
  if (item.stockAvailable <= 0) return 'none'
  return item.low_stock ? 'low' : 'ok'
}

/** The stock icon of an order line, with its meaning as the accessible name. */
export function StockIcon({ item }: { item: Line }) {
  const { t } = useTranslation('order-detail')
  const state = stockState(item)
  const label = t(`products.stock.${state}`, { available: item.stockAvailable })
  const icon =
    state === 'low' ? (
      <ExclamationCircleFilled style={{ color: '#cf1322' }} />
    ) : state === 'none' ? (
      <WarningFilled style={{ color: '#d4b106' }} />
    ) : (
      <CheckCircleFilled style={{ color: '#389e0d' }} />
    )
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label}>
        {icon}
      </span>
    </Tooltip>
  )
}
