import type { BulkUpdateOrdersResult } from '@expedo/domain'
import { isOrderStatus } from '@expedo/domain'
import { Alert, Button, Modal, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { OrderStatusTag } from '@/components/order-status-tag'

type FailedOrder = BulkUpdateOrdersResult['failedOrders'][number]

/**
 * The failed-orders record of a bulk change (spec §3 list state: message, status, failed orders): how many
 * changed, then a table of the refused orders with the status they stayed in and why.
 */
export function FailedOrdersModal({
  result,
  onClose,
}: {
  result: BulkUpdateOrdersResult
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const failed = result.failedOrders.length
  const statusLabel = (status: string | null) => {
    return isOrderStatus(status) ? t(`status.${status}`) : (status ?? '')
  }
  // The reason in the user's language; 'other' has no key of its own and shows the server's message.
  const reasonText = (r: FailedOrder) =>
    r.reason === 'other'
      ? r.message
      : t(`failed.reasons.${r.reason}`, { from: statusLabel(r.status), to: statusLabel(result.status) })
  return (
    <Modal
      open
      title={t('failed.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} autoFocus>
          {t('failed.close')}
        </Button>
      }
      width={720}
    >
      <Alert
        type={result.updated ? 'warning' : 'error'}
        showIcon
        title={t('failed.summary', { updated: result.updated, failed })}
        description={
          result.status ? t('failed.askedStatus', { status: t(`status.${result.status}`) }) : undefined
        }
        style={{ marginBottom: 12 }}
      />
      <Table<FailedOrder>
        size="small"
        rowKey={(r) => r._id}
        pagination={failed > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        dataSource={result.failedOrders}
        aria-label={t('failed.table')}
        columns={[
          {
            key: 'order',
            title: t('columns.order'),
            render: (_, r) => (
              <Link to={`/orders/${r._id}`}>{r.clientOrderNr || r.internalNumericId || r._id}</Link>
            ),
          },
          { key: 'internal', title: t('list.internalId'), render: (_, r) => r.internalNumericId ?? '—' },
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, r) =>
              isOrderStatus(r.status) ? (
                <OrderStatusTag status={r.status} />
              ) : (
                (r.status ?? t('failed.notFound'))
              ),
          },
          { key: 'reason', title: t('failed.reason'), render: (_, r) => reasonText(r) },
        ]}
      />
    </Modal>
  )
}
