import {
  endpoints,
  REFUNDS_ALL,
  REFUNDS_PAGE_SIZE,
  type Refund,
  type RefundBulkStatusResult,
  type RefundDecision,
  type RefundListQuery,
  type RefundSortColumn,
  type RefundStatus,
  refundSortColumns,
  refundStatuses,
} from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BusinessClientFilter } from '@/components/business-client-select'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { DataTable, type DataTableColumn, type DataTableSort } from '@/components/data-table'
import { DateRangeFilter } from '@/components/date-range-filter'
import { DateText } from '@/components/date-text'
import { downloadFile } from '@/components/download-file'
import { ExportButton } from '@/components/export-button'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { Money } from '@/components/money'
import { PageHeader } from '@/components/page-header'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import {
  useBulkRefundStatus,
  useDeleteRefund,
  useRefundList,
  useRefundResult,
  useSendPaymentFile,
} from '../api/refunds-api'
import { RefundEditModal } from '../components/refund-edit-modal'
import { RefundStatusTag } from '../components/refund-status-tag'

/** Spec §9: 10, 20, 1000 (All); 0 in the URL stands for All. */
const pageSizes = [10, 20, 0] as const
const defaults = {
  q: '',
  from: '',
  to: '',
  status: '',
  client: '',
  sort: 'createdAt' as RefundSortColumn,
  order: 'descend' as 'ascend' | 'descend',
  page: 1,
  pageSize: REFUNDS_PAGE_SIZE,
}
const sortable = new Set<string>(refundSortColumns)
const editable = (r: Refund) => r.editable

/**
 * /refunds (spec part 2 "Refunds list"): search term, dates, status and (staff) business client in the URL;
 * sortable columns (default createdAt descending); 10, 20 or All a page. A client selects rows to approve or
 * reject them, edits and deletes a refund while allowed; finance sends the selected Approved refunds in a
 * bank payment file and records the bank's answer per row.
 */
export function RefundsListPage() {
  const { t } = useTranslation('refunds')
  const countryName = useCountryName()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const mayDecide = can(roles, 'refunds.write')
  const mayProcess = can(roles, 'refunds.process')
  const { state, set, reset } = useUrlState(defaults, {
    allowed: {
      pageSize: [...pageSizes],
      status: ['', ...refundStatuses],
      sort: [...refundSortColumns],
      order: ['ascend', 'descend'],
    },
  })
  const [search, setSearch] = useState(state.q)
  const [selected, setSelected] = useState<string[]>([])
  const [editing, setEditing] = useState<Refund | null>(null)
  const [bankError, setBankError] = useState<{ refund: Refund; reason: string } | null>(null)
  const filters = {
    searchTerm: state.q || undefined,
    dateFrom: state.from || undefined,
    dateTo: state.to || undefined,
    status: (state.status || undefined) as RefundStatus | undefined,
    businessclient: isStaff && state.client ? state.client : undefined,
    sortColumn: state.sort,
    sortType: state.order === 'ascend' ? 'asc' : 'desc',
  } satisfies Partial<RefundListQuery>
  const list = useRefundList({
    ...filters,
    currentPage: state.page,
    limit: state.pageSize === 0 ? REFUNDS_ALL : state.pageSize,
  })
  const bulk = useBulkRefundStatus()
  const remove = useDeleteRefund()
  const result = useRefundResult()
  const paymentFile = useSendPaymentFile()
  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  const selectedRows = rows.filter((r) => selected.includes(r._id))
  const approvedSelected = selectedRows.filter((r) => r.status === 'Approved')

  const decide = async (status: RefundDecision) => {
    const answer: RefundBulkStatusResult = await bulk.mutateAsync({ refunds: selected, status })
    setSelected([])
    const label = t(`status.${status}`)
    if (answer.updated.length)
      notificationsStore.push(
        'success',
        t('bulk.done', { count: answer.updated.length, status: label }),
        5000,
      )
    if (answer.refused.length)
      notificationsStore.push(
        'warning',
        `${t('bulk.refusedTitle', { count: answer.refused.length })}: ${answer.refused
          .map(
            (r) =>
              `${r.refundid ?? r._id} (${r.status ? t('bulk.refusedStatus', { status: t(`status.${r.status}`) }) : t('bulk.notFound')})`,
          )
          .join('; ')}`,
      )
  }

  const sendFile = async () => {
    try {
      const file = await paymentFile.mutateAsync(approvedSelected.map((r) => r._id))
      downloadFile(file.blob, file.filename)
      setSelected([])
      notificationsStore.push('success', t('payment.sent', { count: approvedSelected.length }), 5000)
    } catch {
      // Reported in the top notification by the mutation.
    }
  }

  const columns: DataTableColumn<Refund>[] = [
    {
      key: 'refundid',
      title: t('columns.refundid'),
      isCardTitle: true,
      sorter: true,
      render: (_, r) => <strong>{r.refundid}</strong>,
    },
    {
      key: 'order',
      title: t('columns.order'),
      render: (_, r) => <Link to={`/orders/${r.order._id}`}>{r.order.clientOrderNr || '—'}</Link>,
    },
    {
      key: 'inboundparcel',
      title: t('columns.inboundparcel'),
      render: (_, r) =>
        r.inboundparcel ? (
          <Link to={`/parcels/inbound/${r.inboundparcel._id}`}>{t('columns.parcelLink')}</Link>
        ) : (
          '—'
        ),
    },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, r: Refund) => r.businessclient.name,
          },
        ]
      : []),
    {
      key: 'status',
      title: t('columns.status'),
      sorter: true,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <RefundStatusTag status={r.status} />
          {r.error_msgs.map((m) => (
            <Typography.Text key={m} type="danger" style={{ fontSize: 12 }}>
              {m}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      key: 'name',
      title: t('columns.name'),
      sorter: true,
      render: (_, r) => (
        <span>
          {r.name}
          <div style={{ color: 'rgba(0,0,0,0.55)', fontSize: 12 }}>
            {[r.street, r.city, countryName(r.country)].filter(Boolean).join(', ')}
            {r.phone && ` · ${r.phone}`}
          </div>
        </span>
      ),
    },
    {
      key: 'bank',
      title: t('columns.bank'),
      render: (_, r) => (r.IBAN ? r.IBAN : `${r.account_nr}/${r.account_code}`),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      sorter: true,
      render: (_, r) => <Money amount={r.amount} currency={r.currency} />,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sorter: true,
      render: (_, r) => <DateText value={r.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'updatedAt',
      title: t('columns.updatedAt'),
      sorter: true,
      render: (_, r) => <DateText value={r.updatedAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Space wrap size={4}>
          {mayDecide && editable(r) && (
            <Button size="small" onClick={() => setEditing(r)}>
              {t('actions.edit')}
            </Button>
          )}
          {mayDecide && editable(r) && (
            <ConfirmButton
              size="small"
              confirmTitle={t('actions.deleteConfirm', { refundid: r.refundid })}
              onConfirm={async () => {
                await remove.mutateAsync(r._id)
                notificationsStore.push('success', t('form.deleted'), 5000)
              }}
            >
              {t('actions.delete')}
            </ConfirmButton>
          )}
          {mayProcess && r.status === 'Pending Bank Confirmation' && (
            <>
              <ConfirmButton
                size="small"
                danger={false}
                type="primary"
                confirmTitle={t('actions.refundedConfirm', { refundid: r.refundid })}
                onConfirm={() => result.mutateAsync({ id: r._id, body: { status: 'Refunded' } })}
              >
                {t('actions.markRefunded')}
              </ConfirmButton>
              <Button size="small" danger onClick={() => setBankError({ refund: r, reason: '' })}>
                {t('actions.markError')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ]

  const sort: DataTableSort = { columnKey: state.sort, order: state.order }
  const filtered =
    state.q !== '' || state.from !== '' || state.to !== '' || state.status !== '' || state.client !== ''

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <ExportButton
            onExport={async (signal) => {
              try {
                return await fetchFile(endpoints.refunds.export, { query: filters }, signal, 'refunds.xlsx')
              } catch (e) {
                if (e instanceof ApiClientError && e.status === 404) return { empty: true }
                throw e
              }
            }}
          >
            {t('list.export')}
          </ExportButton>
        }
      />
      <FilterBar
        onReset={() => {
          setSearch('')
          reset()
        }}
        canReset={filtered}
      >
        <FilterField label={t('filters.search')} width={220}>
          <Input.Search
            aria-label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            value={search}
            allowClear
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(q) => set({ q: q.trim() })}
          />
        </FilterField>
        <DateRangeFilter
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          from={state.from}
          to={state.to}
          onChange={set}
        />
        <FilterField label={t('filters.status')} width={200}>
          <Select
            aria-label={t('filters.status')}
            value={state.status}
            onChange={(status: string) => set({ status })}
            options={[
              { value: '', label: t('filters.anyStatus') },
              ...refundStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </FilterField>
        {isStaff && (
          <BusinessClientFilter
            label={t('filters.client')}
            placeholder={t('filters.anyClient')}
            value={state.client}
            onChange={(client) => set({ client })}
          />
        )}
      </FilterBar>
      {(mayDecide || mayProcess) && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('bulk.selected', { count: selected.length })}</Typography.Text>
          {mayDecide && (
            <>
              <Button
                disabled={!selected.length}
                loading={bulk.isPending && bulk.variables?.status === 'Approved'}
                onClick={() => void decide('Approved').catch(() => {})}
              >
                {t('bulk.approve')}
              </Button>
              <Button
                disabled={!selected.length}
                loading={bulk.isPending && bulk.variables?.status === 'Rejected'}
                onClick={() => void decide('Rejected').catch(() => {})}
              >
                {t('bulk.reject')}
              </Button>
            </>
          )}
          {mayProcess && (
            <Button
              type="primary"
              disabled={!approvedSelected.length}
              loading={paymentFile.isPending}
              onClick={() => void sendFile()}
            >
              {t('payment.send', { count: approvedSelected.length })}
            </Button>
          )}
        </Space>
      )}
      {list.error ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} />
      ) : (
        <DataTable<Refund>
          aria-label={t('list.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r._id}
          loading={list.isLoading}
          emptyText={t('list.empty')}
          page={state.page}
          pageSize={state.pageSize}
          pageSizeOptions={pageSizes}
          allPageSize={0}
          total={total}
          totalCapped={list.data?.totalCapped}
          onPageChange={(page, pageSize) => set({ page, pageSize })}
          sort={sort}
          onSortChange={(s) =>
            s && sortable.has(s.columnKey)
              ? set({ sort: s.columnKey as RefundSortColumn, order: s.order })
              : set({ sort: defaults.sort, order: defaults.order })
          }
          selection={mayDecide || mayProcess ? { selectedKeys: selected, onChange: setSelected } : undefined}
          size="small"
          fit
        />
      )}
      <RefundEditModal refund={editing} onClose={() => setEditing(null)} />
      <Modal
        open={bankError !== null}
        title={t('actions.errorTitle', { refundid: bankError?.refund.refundid ?? '' })}
        okText={t('actions.markError')}
        okButtonProps={{ danger: true, disabled: !bankError?.reason.trim() }}
        cancelText={t('form.cancel')}
        confirmLoading={result.isPending}
        onCancel={() => setBankError(null)}
        onOk={async () => {
          if (!bankError) return
          try {
            await result.mutateAsync({
              id: bankError.refund._id,
              body: { status: 'error', error_msgs: [bankError.reason.trim()] },
            })
            setBankError(null)
          } catch {
            // Reported in the top notification by the mutation.
          }
        }}
      >
        <Input.TextArea
          aria-label={t('actions.errorReason')}
          placeholder={t('actions.errorReason')}
          value={bankError?.reason ?? ''}
          maxLength={500}
          onChange={(e) => bankError && setBankError({ ...bankError, reason: e.target.value })}
        />
      </Modal>
    </>
  )
}
