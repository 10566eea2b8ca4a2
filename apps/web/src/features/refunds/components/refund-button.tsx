import { Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyComponent } from '@/lib/lazy-component'
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
