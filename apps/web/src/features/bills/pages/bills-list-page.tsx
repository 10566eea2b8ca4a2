import { BILLS_ALL, BILLS_PAGE_SIZE, type BillRow, billStatusFilters } from '@expedo/domain'

type BillStatusFilter = (typeof billStatusFilters)[number]

import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { ListPage, StatusFilter } from '@/components/list-page'
import { Money } from '@/components/money'
import { shipmentPageSizes } from '@/components/page-sizes'
import { EllipsisText, Identifier } from '@/components/table-cells'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useBillList } from '../api/bills-api'
import { BillDeadlineTag } from '../components/bill-deadline-tag'
import { BillStatusTag } from '../components/bill-status-tag'
import { RunBillsButton } from '../components/run-bills-button'

/** Spec §9: 10, 30, 50, All (0 in the URL; the API's All is its upper bound). */
const pageSizes = shipmentPageSizes
const defaults = { from: '', to: '', status: '', client: '', page: 1, pageSize: BILLS_PAGE_SIZE }

/**
 * /billing/bills (spec part 2 "Bills list"): date range and status in the URL (a change goes back to page 1),
 * number, PDF (only when locked, else 'pending'), dates, totals, currency, status; cards at phone width.
 */
export function BillsListPage() {
  const { t } = useTranslation('bills')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { pageSize: pageSizes, status: ['', ...billStatusFilters] },
  })
  const list = useBillList({
    dateFrom: state.from || undefined,
    dateTo: state.to || undefined,
    status: (state.status || undefined) as (typeof billStatusFilters)[number] | undefined,
    businessclient: isStaff && state.client ? state.client : undefined,
    itemsPerPage: state.pageSize === 0 ? BILLS_ALL : state.pageSize,
    page: state.page,
  })
  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  const columns: DataTableColumn<BillRow>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      width: 148,
      render: (_, r) => (
        <Link to={`/billing/bills/${r._id}`}>
          {r.sequenceNumber ? <Identifier text={r.sequenceNumber} /> : <Tag>{t('status.pending')}</Tag>}
          {r.kind === 'billcreditnote' && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('detail.creditNote')}
            </Typography.Text>
          )}
        </Link>
      ),
    },
    {
      key: 'pdf',
      title: t('columns.pdf'),
      width: 56,
      render: (_, r) =>
        r.locked ? <Link to={`/bill/${r._id}`}>{t('columns.pdf')}</Link> : <span>{t('list.pending')}</span>,
    },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, r: BillRow) => <EllipsisText text={r.businessclient.name} />,
          },
        ]
      : []),
    // Two dates a cell, the short year (spec: DD.MM.YY in lists) to keep them on one line; should the column
    // be narrower, one under the other, never a date broken.
    {
      key: 'period',
      title: t('columns.period'),
      width: 150,
      render: (_, r) => (
        <span>
          <DateText value={r.period.start} format="DD.MM.YY" />
          {'\u00a0– '}
          <DateText value={r.period.end} format="DD.MM.YY" />
        </span>
      ),
    },
    // Finance issues (locks) the bills: it sees each unlocked one's issuing deadline.
    ...(can(roles, 'bills.write')
      ? [
          {
            key: 'issueBy',
            title: t('columns.issueBy'),
            width: 116,
            render: (_: unknown, r: BillRow) => <BillDeadlineTag issueBy={r.issueBy} locked={r.locked} />,
          },
        ]
      : []),
    {
      key: 'dates',
      title: t('columns.dates'),
      width: 150,
      render: (_, r) =>
        r.dates.issuedDate ? (
          <span>
            <DateText value={r.dates.issuedDate} format="DD.MM.YY" />
            {'\u00a0/ '}
            <DateText value={r.dates.dueDate} format="DD.MM.YY" />
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      width: 104,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => <Money amount={r.totals.BRUTTO_total} />,
    },
    { key: 'currency', title: t('columns.currency'), dataIndex: 'currency', width: 88 },
    {
      key: 'status',
      title: t('columns.status'),
      // Beside a staff list's client column a fixed width (the tag wraps between words); a client's list
      // gives it the rest of the width.
      ...(isStaff ? { width: 132 } : {}),
      render: (_, r) => <BillStatusTag status={r.status} />,
    },
  ]
  return (
    <ListPage<BillRow>
      title={t('list.title')}
      actions={
        <Space>
          {can(roles, 'issuers.read') && <Link to="/billing/issuers">{t('list.issuers')}</Link>}
          {can(roles, 'bills.write') && <RunBillsButton businessclient={state.client || undefined} />}
        </Space>
      }
      url={{ state, set, reset }}
      canReset={state.from !== '' || state.to !== '' || state.status !== '' || state.client !== ''}
      clientFilter={isStaff && { label: t('filters.client'), placeholder: t('filters.client') }}
      dateRange={{ from: t('filters.from'), to: t('filters.to') }}
      filters={
        <StatusFilter
          label={t('filters.status')}
          value={state.status as BillStatusFilter | ''}
          onChange={(status) => set({ status })}
          statuses={billStatusFilters}
          statusLabel={(s) => t(`status.${s}`)}
          anyLabel={t('filters.anyStatus')}
        />
      }
      error={list.error ? errorMessage(list.error) : null}
      // Spec: the pager appears when the total exceeds the page size.
      pager={{ total, sizes: pageSizes, shown: state.pageSize !== 0 && total > state.pageSize }}
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
