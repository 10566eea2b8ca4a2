import type { StockRow } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'

/** The movement page of a row: the first page of 10 movements. */
export const movementPath = (row: StockRow) =>
  `/${row.warehouse._id}/inventory/${encodeURIComponent(row.sku)}/movement/0/10`

/** Columns #, SKU, Product, BusinessClient, Warehouse, Available, Blocked, Total (spec §2). */
export function stockColumns(
  t: TFunction<'stock'>,
  options: { offset: number; sortable: boolean },
): DataTableColumn<StockRow>[] {
  return [
    {
      key: 'nr',
      title: t('columns.nr'),
      hideOnCard: true,
      width: 56,
      render: (_, __, i) => options.offset + i + 1,
    },
    {
      key: 'sku',
      title: t('columns.sku'),
      isCardTitle: true,
      render: (_, row) =>
        row.product_details ? (
          <Link to={`/products/${row.product_details._id}`}>{row.sku}</Link>
        ) : (
          <Link to="/shipments/inbound/lists/unpaired">{row.sku}</Link>
        ),
    },
    { key: 'product', title: t('columns.product'), render: (_, row) => row.product_details?.name ?? '—' },
    { key: 'businessclient', title: t('columns.businessclient'), dataIndex: ['businessclient', 'name'] },
    { key: 'warehouse', title: t('columns.warehouse'), dataIndex: ['warehouse', 'name'] },
    { key: 'available', title: t('columns.available'), dataIndex: 'available', align: 'right' },
    { key: 'blocked', title: t('columns.blocked'), dataIndex: 'blocked', align: 'right' },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      sorter: options.sortable,
      render: (_, row) => (
        <Link to={movementPath(row)} aria-label={t('columns.movements')}>
          {row.total}
        </Link>
      ),
    },
  ]
}
