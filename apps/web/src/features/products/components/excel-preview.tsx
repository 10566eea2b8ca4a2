import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'
import type { ExcelRow } from './excel-rows'
import { useLocalPage } from './use-local-page'

/** The rows as read from the file; a missing name, SKU or barcode shows '! required'. */
export function ExcelPreview({ rows }: { rows: ExcelRow[] }) {
  const { t } = useTranslation('products')
  const paged = useLocalPage(rows)
  const required = (value: string) =>
    value ? (
      <EllipsisText text={value} />
    ) : (
      <Typography.Text type="danger">{t('excel.required')}</Typography.Text>
    )
  // Names take the room the other columns leave; long texts end in '…' with the whole text in a tooltip.
  const columns: DataTableColumn<ExcelRow>[] = [
    {
      key: 'line',
      title: t('columns.index'),
      dataIndex: 'line',
      align: 'right',
      ...fitContent,
      hideOnCard: true,
    },
    { key: 'name', title: t('fields.name'), render: (_, r) => required(r.name), isCardTitle: true },
    { key: 'sku', title: t('fields.sku'), width: 140, render: (_, r) => required(r.sku) },
    { key: 'barcode', title: t('fields.barcode'), width: 140, render: (_, r) => required(r.barcode) },
    { key: 'color', title: t('fields.color'), width: 110, render: (_, r) => <EllipsisText text={r.color} /> },
    { key: 'size', title: t('fields.size'), width: 90, render: (_, r) => <EllipsisText text={r.size} /> },
    {
      key: 'weight',
      title: t('fields.weight'),
      width: 90,
      align: 'right',
      render: (_, r) => <EllipsisText text={r.weight} />,
    },
  ]
  return (
    <DataTable
      {...paged}
      pageSizeOptions={[10, 50, 100]}
      columns={columns}
      rowKey={(r) => String(r.line)}
      aria-label={t('create.tabExcel')}
    />
  )
}
