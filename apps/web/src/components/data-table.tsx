import { Empty, Table, type TableColumnType, type TableProps } from 'antd'
import type { SorterResult } from 'antd/es/table/interface'
import type { Key, ReactNode } from 'react'
import { lazyComponent } from '@/lib/lazy-component'
import type { CardListProps } from './card-list'
import type { DataTableColumn, DataTableSelection, DataTableSort } from './data-table-types'
import type { PageSizeOption } from './page-sizes'
import { TablePagination } from './table-pagination'
import { breakpoints, useIsNarrow } from './use-media-query'

export type { DataTableColumn, DataTableSelection, DataTableSort } from './data-table-types'

/**
 * The phone-width cards load when a narrow screen first shows a list: at desktop width neither they nor
 * antd's Card (~14 KB gzip) are part of a list screen's first load.
 */
const LazyCardList = lazyComponent(() => import('./card-list').then((m) => m.CardList<object>))
const CardList = LazyCardList as <T>(props: CardListProps<T>) => ReactNode

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  loading?: boolean
  /** Shown when there are no rows, e.g. 'No Orders Found'. */
  emptyText?: ReactNode
  /** Server-side pagination; leave out for a list without a pager. */
  page?: number
  pageSize?: number
  total?: number
  /** The total is a lower bound (a search the server stopped counting): "of more than …". */
  totalCapped?: boolean | undefined
  onPageChange?: (page: number, pageSize: number) => void
  pageSizeOptions?: readonly PageSizeOption[]
  /** The page size labelled 'All' (default 0). */
  allPageSize?: number
  /** Server-side sort: columns with `sorter: true` report clicks here. */
  sort?: DataTableSort | null
  onSortChange?: (sort: DataTableSort | null) => void
  selection?: DataTableSelection
  /** Below this width (px) the rows are cards (spec: 600, shipments 700). */
  breakpoint?: number
  /** Custom card for narrow screens; default: built from the columns. */
  renderCard?: (row: T, index: number) => ReactNode
  'aria-label'?: string
  /** Row density (default 'middle'); 'small' for long lists that should show many rows at once. */
  size?: 'small' | 'middle'
  /**
   * The table takes the width it is given instead of scrolling sideways: fixed layout, the columns share
   * the width by their `width` (give the wide ones `ellipsis`). Default: as wide as its content, scrolling.
   */
  fit?: boolean
  /**
   * What a row holds beyond its deciding columns: shown under the row when it is expanded (a card shows it
   * at its foot), so the table keeps the few columns the work needs.
   */
  expandedRow?: (row: T) => ReactNode
}

/** The list of every screen: antd Table with server-side paging and sorting, a card list on narrow screens. */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, loading, emptyText, sort, onSortChange, selection } = props
  const isNarrow = useIsNarrow(props.breakpoint ?? breakpoints.default)

  const pager = props.onPageChange && (
    <TablePagination
      page={props.page ?? 1}
      pageSize={props.pageSize ?? 10}
      total={props.total ?? rows.length}
      totalCapped={props.totalCapped}
      onChange={props.onPageChange}
      pageSizeOptions={props.pageSizeOptions}
      allPageSize={props.allPageSize}
      compact={isNarrow}
    />
  )

  if (isNarrow) {
    return (
      <section aria-label={props['aria-label']}>
        <CardList
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          loading={loading}
          emptyText={emptyText}
          selection={selection}
          renderCard={props.renderCard}
          details={props.expandedRow}
        />
        {pager}
      </section>
    )
  }

  const tableColumns: TableColumnType<T>[] = columns.map(({ isCardTitle, hideOnCard, ...column }) => ({
    ...column,
    sortOrder:
      column.sorter && sort?.columnKey === column.key ? sort.order : column.sorter ? null : undefined,
  }))

  const handleChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter) => {
    if (!onSortChange) return
    const first = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined
    const columnKey = first?.columnKey ?? first?.column?.key
    onSortChange(
      first?.order && columnKey !== undefined ? { columnKey: String(columnKey), order: first.order } : null,
    )
  }

  return (
    <section aria-label={props['aria-label']}>
      <Table<T>
        columns={tableColumns}
        dataSource={rows}
        rowKey={rowKey}
        loading={loading}
        pagination={false}
        onChange={handleChange}
        scroll={props.fit ? undefined : { x: 'max-content' }}
        tableLayout={props.fit ? 'fixed' : undefined}
        size={props.size ?? 'middle'}
        locale={{ emptyText: <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        expandable={props.expandedRow && { expandedRowRender: props.expandedRow, columnWidth: 36 }}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selectedKeys as Key[],
            onChange: (keys) => selection.onChange(keys.map(String)),
          }
        }
      />
      {pager}
    </section>
  )
}
