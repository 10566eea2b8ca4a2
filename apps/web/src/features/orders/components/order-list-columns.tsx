import { EditOutlined } from '@ant-design/icons'
import type { OrderListItem } from '@expedo/domain'
import { Button, Flex, Tooltip } from 'antd'
import type { TFunction } from 'i18next'
import type { DataTableColumn } from '@/components/data-table'
import { DatesCell, ItemsCell, OrderCell, TotalCell } from './order-list-cells'
import { OrderStatusTag } from './order-status-tag'

export interface OrderColumnsOptions {
  /** Rows before this page (the # column counts on from it). */
  offset: number
  countryName: (stored: string) => string
  /** Opens the change-status modal for one row; absent when the user may change no status. */
  onChangeStatus?: (order: OrderListItem) => void
}

/** Columns #, Order, Status, Dates, Items, Total, Country, Courier (spec §2 Orders list). */
export function orderListColumns(
  t: TFunction<'orders'>,
  { offset, countryName, onChangeStatus }: OrderColumnsOptions,
): DataTableColumn<OrderListItem>[] {
  return [
    { key: 'nr', title: t('columns.nr'), hideOnCard: true, width: 48, render: (_, __, i) => offset + i + 1 },
    {
      key: 'order',
      title: t('columns.order'),
      isCardTitle: true,
      render: (_, order) => <OrderCell order={order} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, order) => (
        <Flex gap={4} align="center" wrap={false}>
          <OrderStatusTag status={order.status} />
          {onChangeStatus && (
            <Tooltip title={t('actions.changeStatus')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('actions.changeStatusOf', {
                  order: order.clientOrderNr || order.internalNumericId,
                })}
                onClick={() => onChangeStatus(order)}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { key: 'dates', title: t('columns.dates'), render: (_, order) => <DatesCell order={order} /> },
    { key: 'items', title: t('columns.items'), render: (_, order) => <ItemsCell order={order} /> },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      render: (_, order) => <TotalCell order={order} />,
    },
    {
      key: 'country',
      title: t('columns.country'),
      render: (_, order) =>
        order.shipping.shipTo.country ? countryName(order.shipping.shipTo.country) : '—',
    },
    {
      key: 'courier',
      title: t('columns.courier'),
      render: (_, order) => order.shipping.courier?.name ?? '—',
    },
  ]
}
