import { EditOutlined } from '@ant-design/icons'
import type { OrderListItem } from '@expedo/domain'
import { Button, Flex } from 'antd'
import type { TFunction } from 'i18next'
import type { DataTableColumn } from '@/components/data-table'
import { HoverTooltip } from '@/components/hover-tooltip'
import { OrderStatusTag } from '@/components/order-status-tag'
import { DatesCell, ItemsCell, OrderCell, TotalCell } from './order-list-cells'

export interface OrderColumnsOptions {
  /** Rows before this page (the # column counts on from it). */
  offset: number
  countryName: (stored: string) => string
  /** Opens the change-status modal for one row; absent when the user may change no status. */
  onChangeStatus?: (order: OrderListItem) => void
  /** The date the list filters by ('createdAt' or 'updatedAt'): the Dates cell shows it first. */
  dateField?: string
}

/** One line, cut with an ellipsis and the full text in a tooltip (country and courier names). */
function Name({ text }: { text: string }) {
  return (
    <HoverTooltip title={text} placement="topLeft" mouseEnterDelay={0.4}>
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {text}
      </span>
    </HoverTooltip>
  )
}

/**
 * Columns #, Order, Status, Dates, Items, Total, Country, Courier (spec §2 Orders list). Compact: each
 * cell one line, fixed widths that together fit a 1280 px screen with the side menu open (Items takes
 * what is left); names end in an ellipsis with the full text in a tooltip, amounts never clip.
 */
export function orderListColumns(
  t: TFunction<'orders'>,
  { offset, countryName, onChangeStatus, dateField }: OrderColumnsOptions,
): DataTableColumn<OrderListItem>[] {
  return [
    { key: 'nr', title: t('columns.nr'), hideOnCard: true, width: 48, render: (_, __, i) => offset + i + 1 },
    {
      key: 'order',
      title: t('columns.order'),
      isCardTitle: true,
      width: 150,
      render: (_, order) => <OrderCell order={order} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 204,
      render: (_, order) => (
        <Flex gap={2} align="center" wrap={false} style={{ minWidth: 0 }}>
          <HoverTooltip title={t(`status.${order.status}`)} placement="topLeft" mouseEnterDelay={0.4}>
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              <OrderStatusTag status={order.status} />
            </span>
          </HoverTooltip>
          {onChangeStatus && (
            <HoverTooltip title={t('actions.changeStatus')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('actions.changeStatusOf', {
                  order: order.clientOrderNr || order.internalNumericId,
                })}
                onClick={() => onChangeStatus(order)}
                style={{ flex: 'none' }}
              />
            </HoverTooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'dates',
      title: t('columns.dates'),
      width: 132,
      render: (_, order) => <DatesCell order={order} first={dateField} />,
    },
    { key: 'items', title: t('columns.items'), render: (_, order) => <ItemsCell order={order} /> },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      width: 122,
      render: (_, order) => <TotalCell order={order} />,
    },
    {
      key: 'country',
      title: t('columns.country'),
      width: 90,
      render: (_, order) =>
        order.shipping.shipTo.country ? <Name text={countryName(order.shipping.shipTo.country)} /> : '—',
    },
    {
      key: 'courier',
      title: t('columns.courier'),
      width: 100,
      render: (_, order) => (order.shipping.courier ? <Name text={order.shipping.courier.name} /> : '—'),
    },
  ]
}
