import { INVOICES_PAGE_SIZE, type InvoiceRow } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Input, Space, Tag } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { FilterField } from '@/components/filter-bar'
import { ListPage, listErrorText } from '@/components/list-page'
import { Money } from '@/components/money'
import { defaultPageSizes } from '@/components/page-sizes'
import { Identifier } from '@/components/table-cells'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useInvoiceList } from '../api/invoices-api'
import { InvoiceExportMenu } from '../components/invoice-export-menu'

const ISO_DAY = 'YYYY-MM-DD'
/** 10 to 50 a page; no 'All' (the list answers at most 1000 a page). */
const pageSizes = defaultPageSizes.filter((size) => size !== 0)
/** Spec: from the start of the current month to today. */
const defaults = {
  from: dayjs().startOf('month').format(ISO_DAY),
  to: dayjs().format(ISO_DAY),
  order: '',
  number: '',
  client: '',
  page: 1,
  pageSize: INVOICES_PAGE_SIZE,
}

/**
 * /invoices (spec part 2 "Invoices list"): filters from, to, order number and invoice number (staff also a
 * business client), all in the URL; the documents newest first, 10 a page, the pager shown when there are at
 * least 10; exports; cards at phone width.
 */
export function InvoicesListPage() {
  const { t } = useTranslation('invoices')
  const { currentUser } = useSession()
  const isStaff = isStaffRole(currentUser?.roles ?? [])
  const { state, set, reset } = useUrlState(defaults, { allowed: { pageSize: pageSizes } })
  const list = useInvoiceList({
    dateFrom: state.from || undefined,
    dateTo: state.to || undefined,
    clientOrderNr: state.order || undefined,
    sequenceNumber: state.number || undefined,
    businessclient: isStaff && state.client ? state.client : undefined,
    itemsPerPage: state.pageSize,
    currentPage: state.page,
  })
  const answer = list.data
  // Spec §8: an answer without foundInvoices shows its message as an error; so does a refused call (instead
  // of an empty list that would read as 'No invoices found').
  const failure = list.error
    ? listErrorText(list.error)
    : answer && !('foundInvoices' in answer)
      ? ((answer as { message?: string }).message ?? '')
      : null
  const rows = answer?.foundInvoices ?? []
  const total = answer?.total ?? 0
  const columns: DataTableColumn<InvoiceRow>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      width: 160,
      render: (_, r) => (
        <Link to={`/invoices/${r._id}`}>
          {r.sequenceNumber ? <Identifier text={r.sequenceNumber} /> : <Tag color="gold">PROFORMA</Tag>}
        </Link>
      ),
    },
    {
      key: 'order',
      title: t('columns.order'),
      render: (_, r) =>
        r.actionSourceId ? (
          <Link to={`/orders/${r.actionSourceId._id}`}>{r.actionSourceId.clientOrderNr}</Link>
        ) : (
          '—'
        ),
    },
    { key: 'customer', title: t('columns.customer'), render: (_, r) => r.customer.name },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, r: InvoiceRow) => r.businessclient.name,
          },
        ]
      : []),
    {
      key: 'dates',
      title: t('columns.dates'),
      render: (_, r) => (
        <span>
          <DateText value={r.dates.issuedDate} format="DD.MM.YYYY" />
          {'\u00a0/ '}
          <DateText value={r.dates.dueDate} format="DD.MM.YYYY" />
        </span>
      ),
    },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      render: (_, r) => <Money amount={r.BRUTTO_total} />,
    },
    { key: 'currency', title: t('columns.currency'), dataIndex: 'currency' },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Space size="small">
          <Link
            to={`/invoices/${r._id}/pdf`}
            aria-label={t('actions.pdfOf', { number: r.sequenceNumber ?? 'PROFORMA' })}
          >
            {t('actions.pdf')}
          </Link>
          <Link
            to={`/invoices/${r._id}`}
            aria-label={t('actions.editOf', { number: r.sequenceNumber ?? 'PROFORMA' })}
          >
            {t('actions.edit')}
          </Link>
        </Space>
      ),
    },
  ]
  const filtered = state.order !== '' || state.number !== '' || state.client !== ''
  return (
    <ListPage<InvoiceRow>
      title={t('list.title')}
      actions={
        <>
          <Link to={`/reports/invoices`}>{t('list.report')}</Link>
          {can(currentUser?.roles ?? [], 'invoices.write') && (
            <Link to="/settings/sequences" style={{ marginInlineStart: 12 }}>
              {t('list.series')}
            </Link>
          )}
          <InvoiceExportMenu
            dateFrom={state.from}
            dateTo={state.to}
            businessclient={isStaff && state.client ? state.client : undefined}
          />
        </>
      }
      url={{ state, set, reset }}
      canReset={filtered || state.from !== defaults.from || state.to !== defaults.to}
      clientFilter={isStaff && { label: t('filters.client'), placeholder: t('filters.anyClient') }}
      dateRange={{ from: t('filters.from'), to: t('filters.to') }}
      filters={
        <>
          <FilterField label={t('filters.order')} width={170}>
            <Input.Search
              aria-label={t('filters.order')}
              allowClear
              defaultValue={state.order}
              onSearch={(value) => set({ order: value.trim() })}
            />
          </FilterField>
          <FilterField label={t('filters.number')} width={170}>
            <Input.Search
              aria-label={t('filters.number')}
              allowClear
              defaultValue={state.number}
              onSearch={(value) => set({ number: value.trim() })}
            />
          </FilterField>
        </>
      }
      error={failure}
      // Spec §9: the pager shows when the total is at least the (default) page size; measured against
      // the default so a larger size chosen does not hide the way back to it.
      pager={{
        total,
        sizes: pageSizes,
        shown: total >= INVOICES_PAGE_SIZE,
        totalCapped: answer?.totalCapped,
      }}
      table={{
        columns,
        rows,
        rowKey: (r) => r._id,
        loading: list.isLoading,
        emptyText: t('list.empty'),
      }}
    />
  )
}
