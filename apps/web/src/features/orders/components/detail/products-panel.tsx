import { DeleteOutlined } from '@ant-design/icons'
import type { Order } from '@expedo/domain'
import { Card, Flex, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/confirm-button'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { Money } from '@/components/money'
import type { AddOrderItemInput } from '../../api/order-detail-api'
import { AddItemForm } from './add-item-form'
import { StockIcon } from './stock-icon'

type Line = Order['items'][number]

export interface ProductsPanelProps {
  order: Order
  /** Add and delete lines (clients, before picking). */
  canChange: boolean
  onAdd: (item: AddOrderItemInput) => Promise<unknown>
  onDelete: (itemId: string) => Promise<unknown>
}

/** A name on one line, ending in an ellipsis when it does not fit; the tooltip has it whole. */
function Ellipsis({ text }: { text: string }) {
  return (
    <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.4}>
      <span
        style={{
          display: 'block',
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {text}
      </span>
    </Tooltip>
  )
}

/**
 * Products: the order's lines with their stock icon, an add form and a delete per line. The table fits its
 * half of the screen (names and SKUs end in an ellipsis, quantity and price never clip).
 */
export function ProductsPanel({ order, canChange, onAdd, onDelete }: ProductsPanelProps) {
  const { t } = useTranslation('order-detail')
  const columns: DataTableColumn<Line>[] = [
    {
      key: 'name',
      title: t('products.name'),
      isCardTitle: true,
      render: (_, line) => (
        <Flex gap={6} align="center" style={{ minWidth: 0 }}>
          <StockIcon item={line} />
          <Ellipsis text={line.name} />
        </Flex>
      ),
    },
    { key: 'sku', title: t('products.sku'), width: 104, render: (_, line) => <Ellipsis text={line.sku} /> },
    {
      key: 'quantity',
      title: <Ellipsis text={t('products.quantity')} />,
      dataIndex: 'quantity',
      align: 'right',
      width: 88,
    },
    {
      key: 'price',
      title: t('products.price'),
      align: 'right',
      width: 100,
      render: (_, line) => <Money amount={line.price} />,
    },
  ]
  if (canChange)
    columns.push({
      key: 'delete',
      title: '',
      align: 'right',
      width: 44,
      render: (_, line) => (
        <Tooltip title={t('products.deleteShort')}>
          <span>
            <ConfirmButton
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              confirmTitle={t('products.deleteConfirm', { name: line.name })}
              onConfirm={() => onDelete(line._id)}
              aria-label={t('products.delete', { name: line.name })}
            />
          </span>
        </Tooltip>
      ),
    })
  return (
    <Card size="small" title={t('products.title')}>
      <Flex vertical gap="middle">
        <DataTable
          aria-label={t('products.title')}
          columns={columns}
          rows={order.items}
          rowKey={(line) => line._id}
          emptyText={t('products.empty')}
          size="small"
          fit
        />
        {canChange && <AddItemForm businessclient={order.businessclient._id} onAdd={onAdd} />}
      </Flex>
    </Card>
  )
}
