import type { CodMismatch, CodResolveAction } from '@expedo/domain'
import { App, Form, Input, Modal, Radio } from 'antd'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'
import { reportFormError, validFormValues } from '@/components/server-errors'
import { useResolveMismatch } from '../api/cod-api'

interface Values {
  action: CodResolveAction
  amount?: number
  reason?: string
}

/** Accept, adjust (amount and reason) or write off (reason) one open mismatch. */
export function ResolveMismatchModal({ mismatch, onClose }: { mismatch: CodMismatch; onClose: () => void }) {
  const { t } = useTranslation('cod')
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const action = Form.useWatch('action', form) ?? 'accept'
  const resolve = useResolveMismatch()
  const needsOrder = mismatch.order !== null
  const submit = async () => {
    const values = await validFormValues(form)
    if (!values) return
    try {
      await resolve.mutateAsync({
        id: mismatch._id,
        body: {
          action: values.action,
          reason: values.reason ?? '',
          ...(values.action === 'adjust' ? { amount: values.amount } : {}),
        },
      })
    } catch (error) {
      reportFormError(form, error)
      return
    }
    void message.success(t('mismatch.resolved'))
    onClose()
  }
  return (
    <Modal
      open
      title={t('mismatch.resolveTitle', { tracking: mismatch.trackingId || mismatch.order?.clientOrderNr })}
      onOk={submit}
      okText={t('mismatch.actions')}
      confirmLoading={resolve.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ action: 'accept', amount: mismatch.received ?? mismatch.expected }}
      >
        <Form.Item name="action" label={t('mismatch.actions')}>
          <Radio.Group
            options={[
              { value: 'accept', label: t('mismatch.accept') },
              ...(needsOrder ? [{ value: 'adjust', label: t('mismatch.adjust') }] : []),
              { value: 'write_off', label: t('mismatch.writeOff') },
            ]}
          />
        </Form.Item>
        {action === 'adjust' && (
          <Form.Item
            name="amount"
            label={t('mismatch.amount')}
            rules={[{ required: true, message: t('mismatch.amountRequired') }]}
          >
            <NumberInput min={0} precision={2} style={{ width: 200 }} addonAfter={mismatch.currency} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('mismatch.reason')}
          rules={[
            ({ getFieldValue }) => ({
              // Read at validation time: a reason is required for adjust and write off (API rule too).
              validator: (_, value?: string) =>
                getFieldValue('action') === 'accept' || value?.trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('mismatch.reasonRequired'))),
            }),
          ]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
