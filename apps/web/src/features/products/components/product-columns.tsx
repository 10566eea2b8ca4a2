import type { Product } from '@expedo/domain'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'

const dims = (p: Product) => {
  const { height, lenght, width } = p.proprities.dimentions
  return [height, lenght, width].some((v) => v !== null)
    ? `${height ?? '–'} × ${lenght ?? '–'} × ${width ?? '–'}`
    : ''
}

/** Columns of the product list; the expanded view adds weight, dimensions, variants, e-shop ids and dates. */
export function productColumns(
  t: TFunction<'products'>,
  options: { expanded: boolean; offset: number; showClient: boolean },
): DataTableColumn<Product>[] {
  const base: DataTableColumn<Product>[] = [
    {
      key: 'index',
      title: t('columns.index'),
      width: 56,
      hideOnCard: true,
      render: (_, __, i) => options.offset + i + 1,
    },
    {
      key: 'name',
      title: t('columns.name'),
      isCardTitle: true,
      render: (_, p) => <Link to={`/products/${p._id}`}>{p.name}</Link>,
    },
    { key: 'sku', title: t('columns.sku'), dataIndex: ['codes', 'sku'] },
    { key: 'barcode', title: t('columns.barcode'), dataIndex: ['codes', 'barcode'] },
  ]
  if (options.showClient)
    base.push({ key: 'client', title: t('columns.client'), dataIndex: ['businessclient', 'name'] })
  base.push({
    key: 'import',
    title: t('columns.import'),
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
    { key: 'weight', title: t('columns.weight'), dataIndex: ['proprities', 'weight'] },
    { key: 'dimensions', title: t('columns.dimensions'), render: (_, p) => dims(p) },
    {
      key: 'variant',
      title: t('columns.colorSize'),
      render: (_, p) => [p.color, p.size].filter(Boolean).join(' / '),
    },
    {
      key: 'eshopIds',
      title: t('columns.eshopIds'),
      render: (_, p) => p.client_ids.map((c) => <Tag key={c._id}>{c.id}</Tag>),
    },
    { key: 'created', title: t('columns.created'), render: (_, p) => <DateText value={p.createdAt} /> },
  ]
}
