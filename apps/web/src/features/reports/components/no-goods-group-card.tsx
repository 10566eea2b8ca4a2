import type { NoGoodsGroup } from '@expedo/domain'
import { Card, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCountryName } from '@/components/country-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { noGoodsOrdersLink } from './no-goods-links'

type ProductRow = NoGoodsGroup['products'][number]

/**
 * One No-goods group (spec §3): a business client and a ship-to country, with the products its No goods
 * orders wait for. Each product links to those orders in the orders list.
 */
export function NoGoodsGroupCard({ group }: { group: NoGoodsGroup }) {
  const { t } = useTranslation('reports')
  const countryName = useCountryName()
  const title = `${group.businessclient.name} · ${countryName(group.country)}`
  const columns: DataTableColumn<ProductRow>[] = [
    {
      key: 'product',
      title: t('noGoods.columns.product'),
      isCardTitle: true,
      render: (_value, row) => (
        <>
          <EllipsisText text={row.name}>
            {row.product ? (
              <Link to={noGoodsOrdersLink(row.product, group.country)}>{row.name}</Link>
            ) : (
              row.name
            )}
          </EllipsisText>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {row.sku}
            {!row.product && ` · ${t('noGoods.unpaired')}`}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'quantity',
      title: t('noGoods.columns.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'available',
      title: t('noGoods.columns.available'),
      dataIndex: 'available',
      align: 'right',
      ...fitContent,
    },
    { key: 'orders', title: t('noGoods.columns.orders'), dataIndex: 'orders', align: 'right', ...fitContent },
  ]
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      <DataTable
        columns={columns}
        rows={group.products}
        rowKey={(row) => row.product ?? `sku:${row.sku}`}
        aria-label={t('noGoods.columns.product')}
      />
    </Card>
  )
}
