import type { StockRow } from '@expedo/domain'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useProductStock } from '../api/use-product-stock'

/** The product's balances by warehouse (POST /inventorycards/stocks filtered to the product). */
export function StockCard({ productId }: { productId: string }) {
  const { t } = useTranslation('products')
  const { data, isFetching } = useProductStock(productId)
  const columns: DataTableColumn<StockRow>[] = [
    {
      key: 'warehouse',
      title: t('stock.warehouse'),
      isCardTitle: true,
      render: (_, r) => <EllipsisText text={r.warehouse.name} />,
    },
    { key: 'available', title: t('stock.available'), dataIndex: 'available', align: 'right', ...fitContent },
    { key: 'blocked', title: t('stock.blocked'), dataIndex: 'blocked', align: 'right', ...fitContent },
    { key: 'total', title: t('stock.total'), dataIndex: 'total', align: 'right', ...fitContent },
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
