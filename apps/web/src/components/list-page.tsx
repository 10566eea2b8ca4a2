import { Alert, Select } from 'antd'
import type { ReactNode } from 'react'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { BusinessClientFilter } from './business-client-select'
import { DataTable, type DataTableProps } from './data-table'
import { DateRangeFilter } from './date-range-filter'
import { FilterBar, FilterField } from './filter-bar'
import { PageHeader } from './page-header'
import type { PageSizeOption } from './page-sizes'

/** The API's reason for a refused list call, with the fields it names (a refused filter says which). */
export function listErrorText(error: unknown): string {
  return error instanceof ApiClientError && Object.keys(error.details).length > 0
    ? `${error.message}: ${Object.entries(error.details)
        .map(([field, reason]) => `${field} ${reason}`)
        .join('; ')}`
    : errorMessage(error)
}

/** What a list page keeps in its URL (useUrlState) that the composition reads and writes itself. */
export interface ListUrlState {
  page: number
  pageSize: number
  client?: string
  from?: string
  to?: string
}

export interface ListPageProps<T> {
  title: ReactNode
  /** Links and buttons of the page header (export, create, related screens). */
  actions?: ReactNode
  /** Between the header and the filters (a client's running bill). */
  intro?: ReactNode
  /** The page's URL state (useUrlState): the date range, the client filter and the pager read and set it. */
  url: { state: ListUrlState; set: (patch: Partial<ListUrlState>) => void; reset: () => void }
  /** The period filter's labels, first in the bar (absent: the list has no period). */
  dateRange?: { from: string; to: string } | undefined
  /** The rest of the filter bar's fields (FilterField, StatusFilter...); their URL state is the page's. */
  filters?: ReactNode
  /** Staff's business-client filter, last in the bar (false for a client, who sees only its own). */
  clientFilter?: { label: string; placeholder: string } | false
  canReset: boolean
  /** Between the filters and the list: bulk actions on the selected rows, an action's error. */
  toolbar?: ReactNode
  /** Shown instead of the list when the list cannot be read (null or absent: the list). */
  error?: ReactNode
  /** The pager: the total, the sizes offered, and whether it shows (the spec hides it on one short page). */
  pager: {
    total: number
    sizes: readonly PageSizeOption[]
    shown?: boolean
    totalCapped?: boolean | undefined
  }
  /** The list: the DataTable's rows, columns and sort; labelled by the title unless told. */
  table: Omit<
    DataTableProps<T>,
    'page' | 'pageSize' | 'total' | 'totalCapped' | 'onPageChange' | 'pageSizeOptions'
  >
  /** Modals and drawers the rows open. */
  children?: ReactNode
}

/**
 * One list screen (the finance lists and the next one): header, filter bar, optional toolbar, the table (cards
 * on a phone) with its pager, or the error instead of it. The page keeps its filters in the URL
 * (useUrlState) and passes the fields; a fix to how a list reads lands here once.
 */
export function ListPage<T extends object>({
  title,
  actions,
  intro,
  url,
  dateRange,
  filters,
  clientFilter,
  canReset,
  toolbar,
  error,
  pager,
  table,
  children,
}: ListPageProps<T>) {
  const { state, set, reset } = url
  return (
    <>
      <PageHeader title={title} actions={actions} />
      {intro}
      <FilterBar onReset={reset} canReset={canReset}>
        {dateRange && (
          <DateRangeFilter labels={dateRange} from={state.from ?? ''} to={state.to ?? ''} onChange={set} />
        )}
        {filters}
        {clientFilter && (
          <BusinessClientFilter
            {...clientFilter}
            value={state.client ?? ''}
            onChange={(client) => set({ client })}
          />
        )}
      </FilterBar>
      {toolbar}
      {error != null && error !== false ? (
        <Alert type="error" showIcon title={error} />
      ) : (
        <DataTable<T>
          aria-label={typeof title === 'string' ? title : undefined}
          fit
          {...table}
          page={state.page}
          pageSize={state.pageSize}
          pageSizeOptions={pager.sizes}
          total={pager.total}
          totalCapped={pager.totalCapped}
          onPageChange={pager.shown === false ? undefined : (page, pageSize) => set({ page, pageSize })}
        />
      )}
      {children}
    </>
  )
}

export interface StatusFilterProps<S extends string> {
  label: string
  value: S | ''
  onChange: (status: S | '') => void
  statuses: readonly S[]
  /** The label of each status in the reader's language. */
  statusLabel: (status: S) => string
  /** The choice of every status ('' in the URL); leave out when the statuses include their own 'all'. */
  anyLabel?: string
  width?: number
}

/** The status select of a list's filter bar: any status first (when offered), then each one. */
export function StatusFilter<S extends string>({
  label,
  value,
  onChange,
  statuses,
  statusLabel,
  anyLabel,
  width = 200,
}: StatusFilterProps<S>) {
  const options: { value: S | ''; label: string }[] = statuses.map((s) => ({
    value: s,
    label: statusLabel(s),
  }))
  if (anyLabel !== undefined) options.unshift({ value: '', label: anyLabel })
  return (
    <FilterField label={label} width={width}>
      <Select<S | ''> aria-label={label} value={value} onChange={onChange} options={options} />
    </FilterField>
  )
}
