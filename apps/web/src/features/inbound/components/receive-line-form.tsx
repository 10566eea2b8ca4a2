import { App, Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'
import type { GoodsLine } from '../api/inbound-api'

/** One received line: SKU, good and damaged quantities, card description and in-house position. */
export function ReceiveLineForm({
  onReceive,
  busy,
}: {
  onReceive: (line: GoodsLine) => Promise<unknown>
  busy: boolean
}) {
  const { t } = useTranslation('inbound')
  const { message } = App.useApp()
  const [form] = Form.useForm<GoodsLine>()
  const handleFinish = async (line: GoodsLine) => {
    try {
      await onReceive(line)
      message.success(t('receive.done'))
      form.resetFields()
    } catch {
      // reported by the API client
    }
  }
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={handleFinish}
      initialValues={{ quantity_damaged: 0 }}
      style={{ rowGap: 8 }}
    >
      <Form.Item
        name="sku"
        label={t('receive.sku')}
        rules={[{ required: true, whitespace: true, message: t('receive.required') }]}
      >
        <Input style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name="quantity"
        label={t('receive.quantity')}
        rules={[{ required: true, message: t('receive.required') }]}
      >
        <NumberInput min={0} precision={0} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="quantity_damaged" label={t('receive.damaged')}>
        <NumberInput min={0} precision={0} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item name="description" label={t('receive.description')}>
        <Input style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="inhouse_position" label={t('receive.position')}>
        <Input style={{ width: 100 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('receive.add')}
        </Button>
      </Form.Item>
    </Form>
  )
}
