import type { Refund } from '@expedo/domain'
import { Alert, Form, Modal, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { applyServerErrors } from '@/components/server-errors'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useRefund, useUpdateRefund } from '../api/refunds-api'
import { emptyRefund, RefundFields, type RefundFormValues, refundBody } from './refund-form'

const valuesOf = (r: Refund): RefundFormValues => ({
  name: r.name,
  phone: r.phone,
  country: r.country as RefundFormValues['country'],
  city: r.city,
  street: r.street,
  amount: r.amount,
  IBAN: r.IBAN,
  account_nr: r.account_nr,
  account_code: r.account_code,
})

/** The refunds list's edit modal: the refund is loaded first (name, country, city, street wait for it). */
export function RefundEditModal({ refund, onClose }: { refund: Refund | null; onClose: () => void }) {
  const { t } = useTranslation('refunds')
  const [form] = Form.useForm<RefundFormValues>()
  const [problems, setProblems] = useState<string[]>([])
  const loaded = useRefund(refund?._id)
  const update = useUpdateRefund()
  const data = loaded.data

  // The loaded refund's values, when it arrives (or at once when it is known already).
  useEffect(() => {
    if (data && refund) form.setFieldsValue(valuesOf(data))
  }, [data, refund, form])

  const submit = async (values: RefundFormValues) => {
    if (!refund) return
    setProblems([])
    try {
      await update.mutateAsync({ id: refund._id, body: refundBody(values) })
      onClose()
      notificationsStore.push('success', t('form.updated'), 5000)
    } catch (error) {
      setProblems(applyServerErrors(form, error))
    }
  }

  return (
    <Modal
      open={refund !== null}
      title={t('form.editTitle', { refundid: refund?.refundid ?? '' })}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !data }}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={emptyRefund}>
        {data && (
          // The returned parcel the refund is for, or the spec's message when the order has none.
          <Typography.Paragraph>
            {data.inboundparcel ? (
              <Link to={`/parcels/inbound/${data.inboundparcel._id}`}>{t('columns.parcelLink')}</Link>
            ) : (
              t('form.noParcel')
            )}
          </Typography.Paragraph>
        )}
        <RefundFields form={form} loading={!data} />
        {loaded.error ? <Alert type="error" showIcon title={errorMessage(loaded.error)} /> : null}
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('; ')} />}
      </Form>
    </Modal>
  )
}
