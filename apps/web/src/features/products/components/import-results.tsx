import type { ImportResult } from '@expedo/domain'
import { Button, Result, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useLocalPage } from './use-local-page'

/** After the upload: 'All product successfully saved', or 'Products Saved' with each product's result. */
export function ImportResults({ results, onAgain }: { results: ImportResult[]; onAgain: () => void }) {
  const { t } = useTranslation('products')
  const saved = results.filter((r) => r.success).length
  const allSaved = saved === results.length
  // Failures first: they are what the reader came for.
  const ordered = [...results.map((r, index) => ({ ...r, index }))].sort(
    (a, b) => Number(a.success) - Number(b.success),
  )
  const paged = useLocalPage(ordered)
  const columns: DataTableColumn<ImportResult & { index: number }>[] = [
    {
      key: 'sku',
      title: t('fields.sku'),
      isCardTitle: true,
      width: 150,
      render: (_, r) => <EllipsisText text={r.sku} />,
    },
    { key: 'name', title: t('fields.name'), render: (_, r) => <EllipsisText text={r.name} /> },
    {
      key: 'status',
      title: t('excel.status'),
      ...fitContent,
      render: (_, r) =>
        r.success ? (
          <Tag color="green">{t('excel.success')}</Tag>
        ) : (
          <Tag color="red">{t('excel.failed')}</Tag>
        ),
    },
    {
      key: 'error',
      title: t('excel.error'),
      // The reason is what the reader came for: it wraps within the column instead of ending in '…'.
      width: 320,
      render: (_, r) => (r.code ? t(`excel.errors.${r.code}`) : r.error),
    },
  ]
  const again = (
    <Button key="again" onClick={onAgain}>
      {t('excel.another')}
    </Button>
  )
  if (allSaved) return <Result status="success" title={t('excel.allSaved')} extra={again} />
  return (
    <>
      <Result
        status="warning"
        title={t('excel.saved')}
        subTitle={t('excel.partial', { saved, total: results.length })}
        extra={again}
      />
      <DataTable
        columns={columns}
        {...paged}
        pageSizeOptions={[10, 50, 100]}
        rowKey={(r) => String(r.index)}
        aria-label={t('excel.saved')}
      />
    </>
  )
}
