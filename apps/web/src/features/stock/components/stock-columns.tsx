import type { StockRow } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'

/** The movement page of a row: the first page of 10 movements. */
export const movementPath = (row: StockRow) =>
  `/${row.warehouse._id}/inventory/${encodeURIComponent(row.sku)}/movement/0/10`

/**
 * Columns #, SKU, Product, BusinessClient, Warehouse, Available, Blocked, Total (spec §2); a client user sees
 * only its own stock, so its list leaves out the BusinessClient column. The numbers take their own width, the
 * product name the rest; names that do not fit end in '…'. Total stays the last column.
 */
export function stockColumns(
  t: TFunction<'stock'>,
  options: { offset: number; sortable: boolean; showClient: boolean },
): DataTableColumn<StockRow>[] {
  return [
    {
      key: 'nr',
      title: t('columns.nr'),
      hideOnCard: true,
      align: 'right',
      ...fitContent,
      render: (_, __, i) => options.offset + i + 1,
    },
    {
      key: 'sku',
      title: t('columns.sku'),
      isCardTitle: true,
      width: 140,
      render: (_, row) => (
        <EllipsisText text={row.sku}>
          <Link
            to={
              row.product_details
                ? `/products/${row.product_details._id}`
                : '/shipments/inbound/lists/unpaired'
            }
          >
            {row.sku}
          </Link>
        </EllipsisText>
      ),
    },
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, row) => <EllipsisText text={row.product_details?.name ?? '—'} />,
    },
    ...(options.showClient
      ? [
          {
            key: 'businessclient',
            title: t('columns.businessclient'),
            width: 170,
            render: (_: unknown, row: StockRow) => <EllipsisText text={row.businessclient.name} />,
          },
        ]
      : []),
    {
      key: 'warehouse',
      title: t('columns.warehouse'),
      width: 140,
      render: (_, row) => <EllipsisText text={row.warehouse.name} />,
    },
    {
      key: 'available',
      title: t('columns.available'),
      dataIndex: 'available',
      align: 'right',
      ...fitContent,
    },
    { key: 'blocked', title: t('columns.blocked'), dataIndex: 'blocked', align: 'right', ...fitContent },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      ...fitContent,
      sorter: options.sortable,
      render: (_, row) => (
        <Link to={movementPath(row)} title={t('columns.movements')}>
          {row.total}
        </Link>
      ),
    },
  ]
}
