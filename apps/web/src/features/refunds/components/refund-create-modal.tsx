import type { Order } from '@expedo/domain'
import { Alert, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { applyServerErrors } from '@/components/server-errors'
import { notificationsStore } from '@/lib/notifications'
import { newIdempotencyKey, useCreateRefund } from '../api/refunds-api'
import { emptyRefund, RefundFields, type RefundFormValues, refundBody } from './refund-form'

/** What the modal reads of the order. */
export type RefundOrder = Pick<Order, '_id' | 'clientOrderNr' | 'internalNumericId'> & {
  shipping: { shipTo: Order['shipping']['shipTo'] }
}

/** The order's ship-to address and customer as the refund's first values (spec: prefilled from the order). */
export function refundDefaults(order: RefundOrder): RefundFormValues {
  const { shipTo } = order.shipping
  const person = `${shipTo.client.firstName} ${shipTo.client.lastName}`.trim()
  return {
    ...emptyRefund,
    name: (shipTo.isCompany && shipTo.client.companyName) || person,
    phone: shipTo.phone || shipTo.client.phone,
    country: (shipTo.country || emptyRefund.country) as RefundFormValues['country'],
    city: shipTo.city,
    street: [shipTo.street, shipTo.streetNr].filter(Boolean).join(' '),
  }
}

/**
 * 'Create New Refund' (spec part 2): the order's refund, prefilled from its ship-to address and customer.
 * Mounted when the order detail's Refund button (or a processed parcel's) opens it (one idempotency key per
 * opening).
 */
export function RefundCreateModal({
  order,
  parcelId,
  onClose,
}: {
  order: RefundOrder
  /** The returned parcel the refund is for (from the parcel's screen). */
  parcelId?: string
  onClose: () => void
}) {
  const { t } = useTranslation('refunds')
  const [key] = useState(newIdempotencyKey)
  const [problems, setProblems] = useState<string[]>([])
  const [form] = Form.useForm<RefundFormValues>()
  const create = useCreateRefund()
  const submit = async (values: RefundFormValues) => {
    setProblems([])
    try {
      await create.mutateAsync({
        body: { ...refundBody(values), order: order._id, ...(parcelId ? { inboundparcel: parcelId } : {}) },
        key,
      })
      onClose()
      notificationsStore.push('success', t('form.created'), 5000)
    } catch (error) {
      setProblems(applyServerErrors(form, error))
    }
  }

  return (
    <Modal
      open
      title={t('form.createTitle')}
      okText={t('form.create')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={refundDefaults(order)}>
        <Form.Item label={t('form.order')}>
          <Input
            value={order.clientOrderNr || String(order.internalNumericId)}
            readOnly
            aria-label={t('form.order')}
          />
        </Form.Item>
        <RefundFields form={form} />
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('; ')} />}
      </Form>
    </Modal>
  )
}
