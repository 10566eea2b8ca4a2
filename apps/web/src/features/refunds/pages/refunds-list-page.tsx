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
import { Button, Input, Modal, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DataTableSort } from '@/components/data-table'
import { downloadFile } from '@/components/download-file'
import { ExportButton } from '@/components/export-button'
import { FilterField } from '@/components/filter-bar'
import { ListPage, StatusFilter } from '@/components/list-page'
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
import { refundColumns } from '../components/refund-columns'
import { RefundDetails } from '../components/refund-details'
import { RefundEditModal } from '../components/refund-edit-modal'

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

/**
 * /refunds (spec part 2 "Refunds list"): search term, dates, status and (staff) business client in the URL;
 * sortable columns (default createdAt descending); 10, 20 or All a page. A client selects rows to approve or
 * reject them, edits and deletes a refund while allowed; finance sends the selected Approved refunds in a
 * bank payment file and records the bank's answer per row.
 */
export function RefundsListPage() {
  const { t } = useTranslation('refunds')
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

  const columns = refundColumns(t, {
    isStaff,
    mayDecide,
    mayProcess,
    onEdit: setEditing,
    onDelete: async (r) => {
      await remove.mutateAsync(r._id)
      notificationsStore.push('success', t('form.deleted'), 5000)
    },
    onRefunded: (r) => result.mutateAsync({ id: r._id, body: { status: 'Refunded' } }),
    onBankError: (refund) => setBankError({ refund, reason: '' }),
  })

  const sort: DataTableSort = { columnKey: state.sort, order: state.order }
  const filtered =
    state.q !== '' || state.from !== '' || state.to !== '' || state.status !== '' || state.client !== ''

  return (
    <ListPage<Refund>
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
      url={{
        state,
        set,
        reset: () => {
          setSearch('')
          reset()
        },
      }}
      canReset={filtered}
      clientFilter={isStaff && { label: t('filters.client'), placeholder: t('filters.anyClient') }}
      dateRange={{ from: t('filters.from'), to: t('filters.to') }}
      filters={
        <>
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
          <StatusFilter
            label={t('filters.status')}
            value={state.status as RefundStatus | ''}
            onChange={(status) => set({ status })}
            statuses={refundStatuses}
            statusLabel={(s) => t(`status.${s}`)}
            anyLabel={t('filters.anyStatus')}
          />
        </>
      }
      toolbar={
        (mayDecide || mayProcess) && (
          <Space wrap style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">
              {t('bulk.selected', { count: selected.length })}
            </Typography.Text>
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
        )
      }
      error={list.error ? errorMessage(list.error) : null}
      pager={{ total, sizes: pageSizes, totalCapped: list.data?.totalCapped }}
      table={{
        columns,
        rows,
        rowKey: (r) => r._id,
        loading: list.isLoading,
        emptyText: t('list.empty'),
        allPageSize: 0,
        sort,
        onSortChange: (s) =>
          s && sortable.has(s.columnKey)
            ? set({ sort: s.columnKey as RefundSortColumn, order: s.order })
            : set({ sort: defaults.sort, order: defaults.order }),
        selection: mayDecide || mayProcess ? { selectedKeys: selected, onChange: setSelected } : undefined,
        expandedRow: (r) => <RefundDetails refund={r} isStaff={isStaff} />,
        size: 'small',
      }}
    >
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
    </ListPage>
  )
}
