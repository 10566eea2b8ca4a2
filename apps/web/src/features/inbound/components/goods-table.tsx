import type { InboundShipmentDetails } from '@expedo/domain'
import { Image, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { breakpoints } from '@/components/use-media-query'

type Line = InboundShipmentDetails['goodsreceived'][number]

/** Goods received: product (name, codes, photos), inventory card (description, position), quantities. */
export function GoodsTable({ lines }: { lines: Line[] }) {
  const { t } = useTranslation('inbound')
  const columns: DataTableColumn<Line>[] = [
    {
      key: 'product',
      title: t('goods.product'),
      isCardTitle: true,
      render: (_, g) =>
        g.product ? (
          <Space>
            {g.product.photos[0] && <Image src={g.product.photos[0]} width={40} height={40} alt="" />}
            <Link to={`/products/${g.product._id}`}>{g.product.name}</Link>
          </Space>
        ) : (
          <Link to="/shipments/inbound/lists/unpaired">{t('goods.unpaired')}</Link>
        ),
    },
    {
      key: 'codes',
      title: t('goods.codes'),
      render: (_, g) => (
        <Typography.Text>
          {g.sku}
          {g.product?.codes.barcode ? ` · ${g.product.codes.barcode}` : ''}
        </Typography.Text>
      ),
    },
    {
      key: 'description',
      title: t('goods.description'),
      render: (_, g) => g.inventoryCard.description || '—',
    },
    {
      key: 'position',
      title: t('goods.position'),
      render: (_, g) => g.inventoryCard.inhouse_position || '—',
    },
    {
      key: 'quantity',
      title: t('goods.quantity'),
      align: 'right',
      render: (_, g) => g.stockMovement.quantity,
    },
    {
      key: 'damaged',
      title: t('goods.damaged'),
      align: 'right',
      render: (_, g) => g.stockMovement.quantity_damaged,
    },
  ]
  return (
    <DataTable
      aria-label={t('goods.title')}
      columns={columns}
      rows={lines}
      rowKey={(g) => g._id}
      emptyText={t('goods.empty')}
      breakpoint={breakpoints.shipments}
    />
  )
}
