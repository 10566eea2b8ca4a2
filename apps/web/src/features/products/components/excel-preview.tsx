import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import type { ExcelRow } from './excel-rows'
import { useLocalPage } from './use-local-page'

/** The rows as read from the file; a missing name, SKU or barcode shows '! required'. */
export function ExcelPreview({ rows }: { rows: ExcelRow[] }) {
  const { t } = useTranslation('products')
  const paged = useLocalPage(rows)
  const required = (value: string) =>
    value || <Typography.Text type="danger">{t('excel.required')}</Typography.Text>
  const columns: DataTableColumn<ExcelRow>[] = [
    { key: 'line', title: t('columns.index'), dataIndex: 'line', width: 60, hideOnCard: true },
    { key: 'name', title: t('fields.name'), render: (_, r) => required(r.name), isCardTitle: true },
    { key: 'sku', title: t('fields.sku'), render: (_, r) => required(r.sku) },
    { key: 'barcode', title: t('fields.barcode'), render: (_, r) => required(r.barcode) },
    { key: 'color', title: t('fields.color'), dataIndex: 'color' },
    { key: 'size', title: t('fields.size'), dataIndex: 'size' },
    { key: 'weight', title: t('fields.weight'), dataIndex: 'weight' },
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
