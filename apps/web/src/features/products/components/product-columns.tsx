import type { Product } from '@expedo/domain'
import { Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { EllipsisText, fitContent } from '@/components/table-cells'

const dims = (p: Product) => {
  const { height, lenght, width } = p.proprities.dimentions
  return [height, lenght, width].some((v) => v !== null)
    ? `${height ?? '–'} × ${lenght ?? '–'} × ${width ?? '–'}`
    : ''
}

const skuColumn = (t: TFunction<'products'>): DataTableColumn<Product> => ({
  key: 'sku',
  title: t('columns.sku'),
  width: 130,
  render: (_, p) => <EllipsisText text={p.codes.sku} />,
})

const barcodeColumn = (t: TFunction<'products'>): DataTableColumn<Product> => ({
  key: 'barcode',
  title: t('columns.barcode'),
  width: 130,
  render: (_, p) => <EllipsisText text={p.codes.barcode} />,
})

const codesColumn = (t: TFunction<'products'>): DataTableColumn<Product> => ({
  key: 'codes',
  title: t('columns.codes'),
  width: 130,
  render: (_, p) => (
    <>
      <EllipsisText text={p.codes.sku} />
      {p.codes.barcode && (
        <Typography.Text type="secondary">
          <EllipsisText text={p.codes.barcode} />
        </Typography.Text>
      )}
    </>
  ),
})

/** Columns of the product list; the expanded view adds weight, dimensions, variants, e-shop ids and dates. */
export function productColumns(
  t: TFunction<'products'>,
  options: { expanded: boolean; offset: number; showClient: boolean },
): DataTableColumn<Product>[] {
  const base: DataTableColumn<Product>[] = [
    {
      key: 'index',
      title: t('columns.index'),
      hideOnCard: true,
      align: 'right',
      ...fitContent,
      render: (_, __, i) => options.offset + i + 1,
    },
    {
      key: 'name',
      title: t('columns.name'),
      isCardTitle: true,
      render: (_, p) => (
        <EllipsisText text={p.name}>
          <Link to={`/products/${p._id}`}>{p.name}</Link>
        </EllipsisText>
      ),
    },
    // The expanded view has one column for both codes, the barcode under the SKU, to leave the name room.
    ...(options.expanded ? [codesColumn(t)] : [skuColumn(t), barcodeColumn(t)]),
  ]
  if (options.showClient)
    base.push({
      key: 'client',
      title: t('columns.client'),
      width: options.expanded ? 130 : 150,
      render: (_, p) => <EllipsisText text={p.businessclient.name} />,
    })
  base.push({
    key: 'import',
    title: t('columns.import'),
    ...fitContent,
    render: (_, p) =>
      p.allowImportOrders ? (
        <Tag color="green">{t('list.allowed')}</Tag>
      ) : (
        <Tag color="red">{t('list.stopped')}</Tag>
      ),
  })
  if (!options.expanded) return base
  return [
    ...base,
    {
      key: 'weight',
      title: t('columns.weight'),
      dataIndex: ['proprities', 'weight'],
      align: 'right',
      ...fitContent,
    },
    { key: 'dimensions', title: t('columns.dimensions'), ...fitContent, render: (_, p) => dims(p) },
    {
      key: 'variant',
      title: t('columns.colorSize'),
      width: 90,
      render: (_, p) => <EllipsisText text={[p.color, p.size].filter(Boolean).join(' / ')} />,
    },
    {
      key: 'eshopIds',
      title: t('columns.eshopIds'),
      // Room for 'e‑shopech' whole (Czech, a non-breaking hyphen), the header breaking between words only.
      width: 104,
      render: (_, p) => (
        <EllipsisText text={p.client_ids.map((c) => c.id).join(', ')}>
          {p.client_ids.map((c) => (
            <Tag key={c._id}>{c.id}</Tag>
          ))}
        </EllipsisText>
      ),
    },
    {
      key: 'created',
      title: t('columns.created'),
      ...fitContent,
      render: (_, p) => <DateText value={p.createdAt} />,
    },
  ]
}
