import { PrinterOutlined } from '@ant-design/icons'
import { type HandoverParcel, handoverCode } from '@expedo/domain'
import { Alert, Button, Card, Descriptions, Progress, Result, Skeleton, Space } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { DataTable } from '@/components/data-table'
import { formatDate } from '@/components/date-text'
import { PageHeader } from '@/components/page-header'
import type { ScanAnswer } from '@/components/scan/scan-answer'
import { beep } from '@/components/scan/scan-feedback'
import { useScanBurst } from '@/components/scan/use-scan-burst'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useHandover, useHandoverActions } from '../api/handovers-api'
import { ConfirmModal } from '../components/confirm-modal'
import { CodTotals, Weight } from '../components/handover-amounts'
import { HandoverStatusTag } from '../components/handover-status'
import { orderLabel, parcelColumns } from '../components/parcel-columns'
import { PickupPanel } from '../components/pickup-panel'
import { scanErrorText } from '../components/scan-error'
import { ScanPanel } from '../components/scan-panel'

/**
 * /warehouse/handover/:id: one courier's manifest at the loading dock. Each parcel is scanned into the van
 * (a scanner's burst anywhere on the page, the field or the camera), answered at once with colour and sound;
 * the manifest prints in the app; the courier's pickup is booked where its API can; Confirm hands the
 * parcels over (their orders go to Shipping). A handed-over or cancelled handover is read-only.
 */
export function HandoverPage() {
  const { t } = useTranslation('handovers')
  const { id = '' } = useParams()
  const detail = useHandover(id)
  const actions = useHandoverActions(id)
  const [feedback, setFeedback] = useState<ScanAnswer>(null)
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<{ shipped: number; skipped: number } | null>(null)
  const h = detail.data?.handover
  const isOpen = h?.status === 'open'

  const say = useCallback((kind: 'ok' | 'error', text: string) => {
    setFeedback({ kind, text })
    beep(kind)
  }, [])

  const accept = (raw: string) => {
    const code = raw.trim()
    if (!code || !h) return
    if (!isOpen) return say('error', t('scan.closed'))
    actions.scan.mutate(code, {
      onSuccess: (a) =>
        a.already
          ? say('error', t('scan.already', { code: a.trackingId || code }))
          : say('ok', t('scan.ok', { code: a.trackingId || code, scanned: a.scanned, orders: a.orders })),
      onError: (error) => say('error', scanErrorText(error, code)),
    })
  }
  useScanBurst(accept)

  if (detail.isPending) return <Skeleton active />
  if (!detail.data || !h) {
    const missing = detail.error instanceof ApiClientError && detail.error.status === 404
    return (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('detail.notFound') : t('detail.loadFailed')}
        subTitle={missing ? undefined : errorMessage(detail.error)}
        extra={<Link to="/warehouse/handover">{t('detail.back')}</Link>}
      />
    )
  }
  const code = handoverCode(h.number)
  const removing = actions.remove.isPending ? (actions.remove.variables ?? '') : ''
  const handleRemove = (p: HandoverParcel) =>
    actions.remove
      .mutateAsync(p.order._id)
      .then(() => notificationsStore.push('success', t('remove.done', { order: orderLabel(p) }), 5000))
  const handleCancel = () =>
    actions.cancel
      .mutateAsync()
      .then(() => notificationsStore.push('success', t('cancel.done', { code }), 5000))

  return (
    <>
      <PageHeader
        title={t('detail.title', { code })}
        backTo="/warehouse/handover"
        backLabel={t('detail.back')}
        subtitle={
          <Space wrap separator="·">
            <HandoverStatusTag status={h.status} />
            <span>{h.warehouse.name}</span>
            <span>{h.courier.name}</span>
          </Space>
        }
        actions={
          <>
            <Link to={`/warehouse/handover/${h._id}/manifest`}>
              <Button icon={<PrinterOutlined />}>{t('manifest.print')}</Button>
            </Link>
            {isOpen && (
              <>
                <Button type="primary" onClick={() => setConfirming(true)}>
                  {t('confirm.open')}
                </Button>
                <ConfirmButton
                  confirmTitle={t('cancel.confirm')}
                  okText={t('cancel.yes')}
                  cancelText={t('cancel.no')}
                  loading={actions.cancel.isPending}
                  onConfirm={handleCancel}
                >
                  {t('cancel.button')}
                </ConfirmButton>
              </>
            )}
          </>
        }
      />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {result && (
          <Alert
            type="success"
            showIcon
            data-testid="handover-result"
            title={t('confirm.done', { count: result.shipped, skipped: result.skipped })}
          />
        )}
        {h.status !== 'open' && (
          <Alert
            type="info"
            showIcon
            title={h.status === 'handedOver' ? t('detail.readOnlyDone') : t('detail.readOnlyCancelled')}
          />
        )}
        <Progress
          aria-label={t('detail.progress', { scanned: h.scanned, orders: h.orders })}
          percent={h.orders ? Math.round((100 * h.scanned) / h.orders) : 0}
          format={() => t('detail.progress', { scanned: h.scanned, orders: h.orders })}
          // Not antd's green 'success' at 100 %: its text is 2.4:1 on white (axe); the status tag says done.
          status="normal"
        />
        {isOpen && <ScanPanel feedback={feedback} onScan={accept} />}
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
          <Descriptions.Item label={t('columns.created')}>
            {t('detail.createdBy', { date: formatDate(h.createdAt, 'DD-MM-YY HH:mm'), user: h.createdBy })}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.boxes')}>{h.parcels}</Descriptions.Item>
          <Descriptions.Item label={t('columns.weight')}>
            <Weight grams={h.weightGrams} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.cod')}>
            <CodTotals cod={h.cod} />
          </Descriptions.Item>
          {h.handedOverAt && (
            <Descriptions.Item label={t('columns.handedOver')}>
              {h.handedOverBy
                ? t('detail.handedOverBy', {
                    date: formatDate(h.handedOverAt, 'DD-MM-YY HH:mm'),
                    user: h.handedOverBy,
                  })
                : t('detail.handedOverByPickup', { date: formatDate(h.handedOverAt, 'DD-MM-YY HH:mm') })}
            </Descriptions.Item>
          )}
          {h.driverName && <Descriptions.Item label={t('detail.driver')}>{h.driverName}</Descriptions.Item>}
        </Descriptions>
        <PickupPanel handover={h} pickup={actions.pickup} />
        <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('detail.parcels')}</h2>}>
          <DataTable
            fit
            aria-label={t('detail.parcels')}
            columns={parcelColumns(t, isOpen ? { onRemove: handleRemove, busyId: removing } : null)}
            rows={detail.data.parcels}
            rowKey={(p) => p.order._id}
            emptyText={t('detail.parcelsEmpty')}
            size="small"
          />
        </Card>
      </Space>
      {isOpen && (
        <ConfirmModal
          handover={h}
          open={confirming}
          onClose={() => setConfirming(false)}
          confirm={actions.confirm}
          onDone={setResult}
        />
      )}
    </>
  )
}
