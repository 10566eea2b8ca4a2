import type { InboundShipmentDetails } from '@expedo/domain'
import { Flex, Image, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'
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
          <Flex gap="small" align="center">
            {g.product.photos[0] && <Image src={g.product.photos[0]} width={40} height={40} alt="" />}
            <div style={{ flex: 1, minWidth: 0 }}>
              <EllipsisText text={g.product.name}>
                <Link to={`/products/${g.product._id}`}>{g.product.name}</Link>
              </EllipsisText>
            </div>
          </Flex>
        ) : (
          <Link to="/shipments/inbound/lists/unpaired">{t('goods.unpaired')}</Link>
        ),
    },
    {
      key: 'codes',
      title: t('goods.codes'),
      width: 150,
      // The SKU, and under it the product's barcode.
      render: (_, g) => (
        <>
          <EllipsisText text={g.sku} />
          {g.product?.codes.barcode && (
            <Typography.Text type="secondary">
              <EllipsisText text={g.product.codes.barcode} />
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'description',
      title: t('goods.description'),
      width: 160,
      render: (_, g) => <EllipsisText text={g.inventoryCard.description || '—'} />,
    },
    {
      key: 'position',
      title: t('goods.position'),
      width: 120,
      render: (_, g) => <EllipsisText text={g.inventoryCard.inhouse_position || '—'} />,
    },
    {
      key: 'quantity',
      title: t('goods.quantity'),
      align: 'right',
      ...fitContent,
      render: (_, g) => g.stockMovement.quantity,
    },
    {
      key: 'damaged',
      title: t('goods.damaged'),
      align: 'right',
      ...fitContent,
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
