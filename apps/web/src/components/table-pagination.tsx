import { Flex, Pagination, Select, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ALL_ROWS, defaultPageSizes, type PageSizeOption } from './page-sizes'

export interface TablePaginationProps {
  page: number
  pageSize: number
  total: number
  /** The total is a lower bound (the server stopped counting, COUNT_CAP): shown as "more than". */
  totalCapped?: boolean | undefined
  onChange: (page: number, pageSize: number) => void
  pageSizeOptions?: readonly PageSizeOption[]
  /** The page size labelled 'All' (0 by default; refunds use 1000). */
  allPageSize?: number
  /** Smaller pager for narrow screens. */
  compact?: boolean
}

/** Page-size selector and pager of a server-paginated list (boundary and sibling range 1, spec part 2 §9). */
export function TablePagination({
  page,
  pageSize,
  total,
  totalCapped,
  onChange,
  pageSizeOptions = defaultPageSizes,
  allPageSize = ALL_ROWS,
  compact,
}: TablePaginationProps) {
  const { t, i18n } = useTranslation('components')
  const sizeLabelId = useId()
  const showsAll = pageSize === allPageSize || pageSize <= 0
  const from = total === 0 ? 0 : showsAll ? 1 : (page - 1) * pageSize + 1
  const to = showsAll ? total : Math.min(page * pageSize, total)

  return (
    <Flex wrap gap="small" align="center" justify="space-between" style={{ marginTop: 12 }}>
      <Flex wrap gap="small" align="center">
        <Typography.Text type="secondary" id={sizeLabelId}>
          {t('dataTable.rowsPerPage')}
        </Typography.Text>
        <Select<number>
          size="small"
          aria-labelledby={sizeLabelId}
          value={pageSize}
          style={{ minWidth: 80 }}
          onChange={(size) => onChange(1, size)}
          options={pageSizeOptions.map((size) => ({
            value: size,
            label: size === allPageSize ? t('dataTable.all') : String(size),
          }))}
        />
        <Typography.Text type="secondary">
          {totalCapped
            ? t('dataTable.rangeMore', { from, to, total: total.toLocaleString(i18n.resolvedLanguage) })
            : t('dataTable.range', { from, to, total })}
        </Typography.Text>
      </Flex>
      {/* Spec part 2 §2: the pager appears only when the total exceeds the page size. */}
      {!showsAll && total > pageSize && (
        <Pagination
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          showLessItems
          simple={compact}
          size="small"
          onChange={(next) => onChange(next, pageSize)}
        />
      )}
    </Flex>
  )
}
