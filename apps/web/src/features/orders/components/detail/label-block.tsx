import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons'
import type { LabelState, OrderStatus } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Flex, Spin, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { LabelStatusTag, useTrackingStateText } from '@/components/label-status-tag'
import { RetryLabelButton } from '@/components/retry-label-button'
import { useDownload } from '@/components/use-download'
import { useSession } from '@/lib/session'
import { fetchAwbPdf, orderLabelKey, useLabelActions, useOrderLabel } from '@/lib/use-order-label'

const small = { fontSize: 12, display: 'block' } as const

/**
 * The order's courier label in the Shipping panel (issue 25): its state as a coloured tag, the tracking
 * number with the AWB PDF, the tracking link and the parcel's last state, the courier's message of a
 * failure; warehouse staff (orders.process) create, retry and refresh it. Asked again every 2 s while the
 * courier makes the label.
 */
export function LabelBlock({ orderId, orderStatus }: { orderId: string; orderStatus: OrderStatus }) {
  const { t } = useTranslation('order-detail')
  const { currentUser } = useSession()
  const canProcess = can(currentUser?.roles ?? [], 'orders.process')
  const label = useOrderLabel(orderId)
  const actions = useLabelActions(orderId)
  useRefetchOnStatus(orderId, orderStatus)
  if (label.isLoading) return <Spin size="small" />
  if (!label.data) return null
  const state = label.data
  const request = () => actions.request.mutateAsync()
  return (
    <section aria-label={t('shipping.label.title')} data-testid="label-block" data-status={state.status}>
      <Flex align="center" gap="small" wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('shipping.label.title')}</Typography.Text>
        <LabelStatusTag status={state.status} />
        {state.status === 'requested' && <Spin size="small" />}
      </Flex>
      <LabelDetails state={state} />
      {canProcess && (
        <Flex gap="small" wrap style={{ marginTop: 8 }}>
          {state.status === 'none' && (
            <>
              <Button
                size="small"
                disabled={orderStatus !== 'Packed'}
                loading={actions.request.isPending}
                onClick={() => void request().catch(() => {})}
              >
                {t('shipping.label.create')}
              </Button>
              {orderStatus !== 'Packed' && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('shipping.label.whenPacked')}
                </Typography.Text>
              )}
            </>
          )}
          <RetryLabelButton orderId={orderId} state={state} size="small" />
          {state.status === 'created' && (
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={actions.refreshTracking.isPending}
              onClick={() => void actions.refreshTracking.mutateAsync().catch(() => {})}
            >
              {t('shipping.label.refresh')}
            </Button>
          )}
        </Flex>
      )}
    </section>
  )
}

/** A new order status (Packed queues the label; Shipping follows tracking) may change the label: ask again. */
function useRefetchOnStatus(orderId: string, orderStatus: OrderStatus) {
  const queryClient = useQueryClient()
  const seen = useRef(orderStatus)
  useEffect(() => {
    if (seen.current === orderStatus) return
    seen.current = orderStatus
    void queryClient.invalidateQueries({ queryKey: orderLabelKey(orderId) })
  }, [orderId, orderStatus, queryClient])
}

/** What the label's state says: the tracking number and AWB, the parcel's last state, or why there is none. */
function LabelDetails({ state }: { state: LabelState }) {
  const { t } = useTranslation('order-detail')
  const trackingText = useTrackingStateText()
  const { busy, download } = useDownload()
  switch (state.status) {
    case 'none':
      return <Typography.Text type="secondary">{t('shipping.label.none')}</Typography.Text>
    case 'unsupported':
      return (
        <Typography.Text type="secondary">
          {t('shipping.label.unsupported', { courier: state.courier ?? '—' })}
        </Typography.Text>
      )
    case 'requested':
      return <Typography.Text type="secondary">{t('shipping.label.requested')}</Typography.Text>
    case 'failed':
      return (
        <Alert
          type="error"
          showIcon
          title={t('shipping.label.failed')}
          description={state.error ?? undefined}
        />
      )
    case 'inDoubt':
      return (
        <Alert
          type="warning"
          showIcon
          title={t('shipping.label.inDoubt', { courier: state.courier ?? '—' })}
          description={state.error ?? undefined}
        />
      )
    case 'created':
      return (
        <Flex vertical gap={4}>
          <span>
            <Typography.Text type="secondary" style={small}>
              {t('shipping.trackingId')}
            </Typography.Text>
            <Typography.Text strong data-testid="label-tracking-id">
              {state.trackingId}
            </Typography.Text>{' '}
            {state.awbPdf && (
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined aria-hidden />}
                loading={busy}
                onClick={() => void download(() => fetchAwbPdf(state))}
              >
                {t('shipping.label.awbPdf')}
              </Button>
            )}
            {state.trackingUrl && (
              <Typography.Link href={state.trackingUrl} target="_blank" rel="noreferrer">
                {t('shipping.label.trackingLink')}
              </Typography.Link>
            )}
          </span>
          <span data-testid="label-tracking">
            <Typography.Text type="secondary" style={small}>
              {t('shipping.label.lastState')}
            </Typography.Text>
            {state.tracking ? (
              <>
                <Typography.Text strong>{trackingText(state.tracking.state)}</Typography.Text>
                {state.tracking.courierText && (
                  <Typography.Text type="secondary"> · {state.tracking.courierText}</Typography.Text>
                )}{' '}
                <DateText value={state.tracking.at ?? state.tracking.checkedAt} format="DD-MM-YY HH:mm" />
              </>
            ) : (
              <Typography.Text type="secondary">{t('shipping.label.noTracking')}</Typography.Text>
            )}
          </span>
        </Flex>
      )
  }
}
