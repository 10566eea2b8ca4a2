import { codTransferNext, endpoints, type TransferOrder } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Alert, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { ExportButton } from '@/components/export-button'
import { formatAmount, Money } from '@/components/money'
import { OrderStatusTag } from '@/components/order-status-tag'
import { PageHeader } from '@/components/page-header'
import { defaultPageSizes } from '@/components/page-sizes'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useSetTransferStatus, useTransfer } from '../api/cod-api'
import { bankAccountText, TransferStatusTag } from '../components/transfer-status-tag'

const defaults = { page: 1, pageSize: 10 }

/** /transfers/{id}: the transfer, its netting line, its orders (each linking to the order), status actions, export. */
export function TransferDetailPage() {
  const { id = '' } = useParams()
  const { t, i18n } = useTranslation('cod')
  const countryName = useCountryName()
  const { currentUser } = useSession()
  const canWrite = can(currentUser?.roles ?? [], 'transfers.write')
  const { state, set } = useUrlState(defaults, {
    allowed: { pageSize: defaultPageSizes.filter((s) => s > 0) },
  })
  const transfer = useTransfer(id, state.page, state.pageSize)
  const setStatus = useSetTransferStatus(id)

  if (transfer.isLoading) return <Spin />
  if (transfer.error || !transfer.data) {
    const missing = transfer.error instanceof ApiClientError && transfer.error.status === 404
    return missing ? (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Link to="/transfers">{t('detail.back')}</Link>}
      />
    ) : (
      <Alert type="error" showIcon title={errorMessage(transfer.error)} />
    )
  }
  const tr = transfer.data
  const next = codTransferNext[tr.status]
  const columns: DataTableColumn<TransferOrder>[] = [
    {
      key: 'order',
      title: t('orders.order'),
      isCardTitle: true,
      render: (_, o) => <Link to={`/orders/${o._id}`}>{o.clientOrderNr || o.internalNumericId}</Link>,
    },
    {
      key: 'status',
      title: t('orders.status'),
      render: (_, o) => <OrderStatusTag status={o.status} />,
    },
    { key: 'trackingId', title: t('orders.trackingId'), dataIndex: 'trackingId', ellipsis: true },
    { key: 'customer', title: t('orders.customer'), dataIndex: 'customer', ellipsis: true },
    {
      key: 'country',
      title: t('orders.country'),
      width: 110,
      render: (_, o) => countryName(o.country),
    },
    {
      key: 'cod',
      title: t('orders.cod'),
      align: 'right',
      width: 120,
      render: (_, o) => <Money amount={o.codAmount} />,
    },
    {
      key: 'collected',
      title: t('orders.collected'),
      align: 'right',
      width: 120,
      render: (_, o) => <Money amount={o.collected} />,
    },
    {
      key: 'invoiced',
      title: t('orders.invoiced'),
      align: 'right',
      width: 150,
      // The invoice (goods and shipping) against the COD collected: a difference is marked with its amount.
      render: (_, o) =>
        o.invoiced === null ? (
          <Typography.Text type="secondary">{t('orders.notInvoiced')}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={0} align="end">
            <Money amount={o.invoiced} />
            {o.invoiceDifference !== null && o.invoiceDifference !== 0 && (
              <Tag color="orange">
                {t('orders.invoiceDifference', {
                  amount: formatAmount(o.invoiceDifference, i18n.language || 'cs'),
                })}
              </Tag>
            )}
          </Space>
        ),
    },
  ]
  return (
    <>
      <PageHeader
        title={t('detail.title', { number: tr.tranfferNr })}
        subtitle={<TransferStatusTag status={tr.status} />}
        backTo="/transfers"
        backLabel={t('detail.back')}
        actions={
          <Space wrap>
            <ExportButton
              onExport={(signal) =>
                fetchFile(
                  endpoints.cod.exportOrders,
                  { params: { id } },
                  signal,
                  `transfer-${tr.tranfferNr}.xlsx`,
                )
              }
            >
              {t('detail.export')}
            </ExportButton>
            {canWrite && next && (
              <ConfirmButton
                danger={false}
                type="primary"
                confirmTitle={t('detail.markConfirm', { status: t(`status.${next}`) })}
                onConfirm={() => setStatus.mutateAsync(next)}
              >
                {next === 'Sent' ? t('detail.markSent') : t('detail.markPaid')}
              </ConfirmButton>
            )}
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('columns.client')}>{tr.businessclient.name}</Descriptions.Item>
          <Descriptions.Item label={t('columns.createdAt')}>
            <DateText value={tr.createdAt} format="DD-MM-YY HH:mm" />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.toBankAccount')}>
            {bankAccountText(tr.toBankAccount)}
            {tr.toBankAccount.SWIFT ? ` (${tr.toBankAccount.SWIFT})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.ordersCount')}>{tr.ordersCount}</Descriptions.Item>
          <Descriptions.Item label={t('detail.codTotal')}>
            <Money amount={tr.codTotal} currency={tr.currency} />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.netting')}>
            {tr.netting.amount > 0 ? (
              <span>
                − <Money amount={tr.netting.amount} currency={tr.currency} /> (
                {tr.netting.bills.map((b) => b.sequenceNumber).join(', ')})
              </span>
            ) : (
              t('detail.nettingNone')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.amount')}>
            <strong>
              <Money amount={tr.amount} currency={tr.currency} />
            </strong>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <h3>{t('detail.orders')}</h3>
      <DataTable<TransferOrder>
        aria-label={t('detail.orders')}
        columns={columns}
        rows={tr.orders.list}
        rowKey={(o) => o._id}
        loading={transfer.isFetching && !transfer.data}
        emptyText={t('orders.empty')}
        page={state.page}
        pageSize={state.pageSize}
        pageSizeOptions={defaultPageSizes.filter((s) => s > 0)}
        total={tr.orders.total}
        onPageChange={(page, pageSize) => set({ page, pageSize })}
        fit
      />
    </>
  )
}
