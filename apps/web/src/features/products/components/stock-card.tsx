import type { StockRow } from '@expedo/domain'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { useProductStock } from '../api/use-product-stock'

/** The product's balances by warehouse (POST /inventorycards/stocks filtered to the product). */
export function StockCard({ productId }: { productId: string }) {
  const { t } = useTranslation('products')
  const { data, isFetching } = useProductStock(productId)
  const columns: DataTableColumn<StockRow>[] = [
    { key: 'warehouse', title: t('stock.warehouse'), dataIndex: ['warehouse', 'name'], isCardTitle: true },
    { key: 'available', title: t('stock.available'), dataIndex: 'available', align: 'right' },
    { key: 'blocked', title: t('stock.blocked'), dataIndex: 'blocked', align: 'right' },
    { key: 'total', title: t('stock.total'), dataIndex: 'total', align: 'right' },
  ]
  return (
    <Card size="small" title={t('stock.title')}>
      <DataTable
        aria-label={t('stock.title')}
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(r) => r._id}
        loading={isFetching}
        emptyText={t('stock.empty')}
      />
    </Card>
  )
}
