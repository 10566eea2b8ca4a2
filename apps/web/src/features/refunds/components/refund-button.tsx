import { Button } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message'
import { lazyComponent } from '@/lib/lazy-component'
import { notificationsStore } from '@/lib/notifications'
import { useRefundOrder } from '../api/refunds-api'
import type { RefundOrder } from './refund-create-modal'

const RefundCreateModal = lazyComponent(() =>
  import('./refund-create-modal').then((m) => m.RefundCreateModal),
)

/** The order detail's Refund button: opens 'Create New Refund' (its code and texts load on the first click). */
export function RefundButton({ order }: { order: RefundOrder }) {
  const { t } = useTranslation('order-detail')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('actions.refund')}</Button>
      {open && <RefundCreateModal order={order} onClose={() => setOpen(false)} />}
    </>
  )
}

/**
 * A processed returned parcel's 'Create New Refund': the refund of the parcel's order, linked to the parcel,
 * prefilled from the order (read when the button is pressed).
 */
export function ParcelRefundButton({ orderId, parcelId }: { orderId: string; parcelId: string }) {
  const { t } = useTranslation('refunds')
  const [open, setOpen] = useState(false)
  const order = useRefundOrder(orderId, open)
  // The order could not be read: say why, and the button is ready again.
  useEffect(() => {
    if (!open || !order.isError) return
    notificationsStore.push('error', errorMessage(order.error), 8000)
    setOpen(false)
  }, [open, order.isError, order.error])
  return (
    <>
      <Button type="primary" loading={open && order.isPending} onClick={() => setOpen(true)}>
        {t('form.createTitle')}
      </Button>
      {open && order.data && (
        <RefundCreateModal order={order.data} parcelId={parcelId} onClose={() => setOpen(false)} />
      )}
    </>
  )
}
