import { codTransferStatuses, TRANSFERS_ALL, TRANSFERS_PAGE_SIZE, type Transfer } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, App, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { downloadFile } from '@/components/download-file'
import { ListPage, StatusFilter } from '@/components/list-page'
import { Money } from '@/components/money'
import { defaultPageSizes } from '@/components/page-sizes'
import { EllipsisText, Identifier } from '@/components/table-cells'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { usePaymentFile, useTransferList } from '../api/cod-api'
import { NewTransferButton } from '../components/new-transfer-button'
import { bankAccountText, TransferStatusTag } from '../components/transfer-status-tag'

const pageSizes = defaultPageSizes
const defaults = { status: '', client: '', page: 1, pageSize: TRANSFERS_PAGE_SIZE }

/**
 * /transfers (spec part 2 "COD transfers"): transfer number, bank account target, amount, currency, status,
 * created date; status and business client filters and paging in the URL. Finance makes a new transfer
 * and downloads the payment file of the selected New transfers.
 */
export function TransfersListPage() {
  const { t } = useTranslation('cod')
  const { message } = App.useApp()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const canWrite = can(roles, 'transfers.write')
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { pageSize: pageSizes, status: ['', ...codTransferStatuses] },
  })
  const [selected, setSelected] = useState<string[]>([])
  const list = useTransferList({
    status: (state.status || undefined) as Transfer['status'] | undefined,
    businessclient: isStaff && state.client ? state.client : undefined,
    currentPage: state.page,
    itemsPerPage: state.pageSize === 0 ? TRANSFERS_ALL : state.pageSize,
  })
  const paymentFile = usePaymentFile()
  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  const newIds = new Set(rows.filter((r) => r.status === 'New').map((r) => r._id))
  const chosen = selected.filter((id) => newIds.has(id))

  const downloadPaymentFile = async () => {
    const file = await paymentFile.mutateAsync(chosen)
    downloadFile(file.blob, file.filename)
    setSelected([])
    void message.success(t('list.paymentFileDone'))
  }

  const columns: DataTableColumn<Transfer>[] = [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      width: 130,
      render: (_, r) => (
        <Link to={`/transfers/${r._id}`}>
          <Identifier text={r.tranfferNr} />
        </Link>
      ),
    },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, r: Transfer) => <EllipsisText text={r.businessclient.name} />,
          },
        ]
      : []),
    {
      key: 'bankAccount',
      title: t('columns.bankAccount'),
      // An IBAN whole on one line (up to 34 characters); a client's list gives it the rest of the width.
      ...(isStaff ? { width: 280 } : {}),
      render: (_, r) => <Identifier text={bankAccountText(r.toBankAccount)} />,
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      width: 140,
      render: (_, r) => <Money amount={r.amount} />,
    },
    { key: 'currency', title: t('columns.currency'), dataIndex: 'currency', width: 90 },
    {
      key: 'status',
      title: t('columns.status'),
      width: 100,
      render: (_, r) => <TransferStatusTag status={r.status} />,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      width: 120,
      render: (_, r) => <DateText value={r.createdAt} format="DD.MM.YYYY" />,
    },
  ]
  return (
    <ListPage<Transfer>
      title={t('list.title')}
      actions={
        canWrite && (
          <Space wrap>
            <Link to="/transfers/reconciliation">{t('list.reconciliation')}</Link>
            <ConfirmButton
              danger={false}
              disabled={chosen.length === 0}
              title={chosen.length === 0 ? t('list.paymentFileHint') : undefined}
              confirmTitle={t('list.paymentFileConfirm', { count: chosen.length })}
              onConfirm={downloadPaymentFile}
            >
              {t('list.paymentFile')}
            </ConfirmButton>
            <NewTransferButton businessclient={state.client || undefined} />
          </Space>
        )
      }
      url={{ state, set, reset }}
      canReset={state.status !== '' || state.client !== ''}
      clientFilter={isStaff && { label: t('filters.client'), placeholder: t('filters.client') }}
      filters={
        <StatusFilter
          label={t('filters.status')}
          value={state.status as Transfer['status'] | ''}
          onChange={(status) => set({ status })}
          statuses={codTransferStatuses}
          statusLabel={(s) => t(`status.${s}`)}
          anyLabel={t('filters.anyStatus')}
          width={180}
        />
      }
      toolbar={
        paymentFile.error && (
          <Alert type="error" showIcon title={errorMessage(paymentFile.error)} style={{ marginBottom: 12 }} />
        )
      }
      error={list.error ? errorMessage(list.error) : null}
      pager={{ total, sizes: pageSizes }}
      table={{
        columns,
        rows,
        rowKey: (r) => r._id,
        loading: list.isLoading,
        emptyText: t('list.empty'),
        ...(canWrite ? { selection: { selectedKeys: selected, onChange: setSelected } } : {}),
      }}
    />
  )
}
