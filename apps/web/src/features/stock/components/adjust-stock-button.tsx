import type { InventoryCard } from '@expedo/domain'
import { App, Button, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'
import { useAdjustStock } from '../api/use-stock-card'

/** Operators correct a card's count with a reason: a new 'Adjustment' movement, never an edit. */
export function AdjustStockButton({ card }: { card: InventoryCard }) {
  const { t } = useTranslation('stock')
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<{ quantity: number; reason: string }>()
  const adjust = useAdjustStock()
  const handleSubmit = async (values: { quantity: number; reason: string }) => {
    await adjust.mutateAsync({ id: card._id, ...values })
    message.success(t('adjust.done'))
    setOpen(false)
    form.resetFields()
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('adjust.button')}</Button>
      <Modal
        open={open}
        title={`${t('adjust.title')}: ${card.sku} · ${card.businessclient.name}`}
        okText={t('adjust.save')}
        cancelText={t('adjust.cancel')}
        confirmLoading={adjust.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => handleSubmit(v).catch(() => {})}>
          <Form.Item
            name="quantity"
            label={t('adjust.quantity')}
            rules={[
              { required: true, message: t('adjust.required') },
              {
                validator: (_, v) =>
                  v === 0 ? Promise.reject(new Error(t('adjust.nonZero'))) : Promise.resolve(),
              },
            ]}
          >
            <NumberInput precision={0} min={-card.available} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('adjust.reason')}
            rules={[{ required: true, whitespace: true, message: t('adjust.required') }]}
          >
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
