import type { Order } from '@expedo/domain'
import { Card, Flex } from 'antd'
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

/** Products: the order's lines with their stock icon, an add form and a delete per line. */
export function ProductsPanel({ order, canChange, onAdd, onDelete }: ProductsPanelProps) {
  const { t } = useTranslation('order-detail')
  const columns: DataTableColumn<Line>[] = [
    {
      key: 'name',
      title: t('products.name'),
      isCardTitle: true,
      render: (_, line) => (
        <Flex gap={6} align="center">
          <StockIcon item={line} />
          {line.name}
        </Flex>
      ),
    },
    { key: 'sku', title: t('products.sku'), dataIndex: 'sku' },
    { key: 'quantity', title: t('products.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      key: 'price',
      title: t('products.price'),
      align: 'right',
      render: (_, line) => <Money amount={line.price} />,
    },
  ]
  if (canChange)
    columns.push({
      key: 'delete',
      title: '',
      align: 'right',
      render: (_, line) => (
        <ConfirmButton
          size="small"
          confirmTitle={t('products.deleteConfirm', { name: line.name })}
          onConfirm={() => onDelete(line._id)}
          aria-label={t('products.delete', { name: line.name })}
        >
          {t('products.deleteShort')}
        </ConfirmButton>
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
        />
        {canChange && <AddItemForm businessclient={order.businessclient._id} onAdd={onAdd} />}
      </Flex>
    </Card>
  )
}
