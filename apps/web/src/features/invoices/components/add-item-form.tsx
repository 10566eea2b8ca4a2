import { type InvoiceAddItemBody, lineAmounts, moneyText } from '@expedo/domain'
import { Button, Form, Input, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { reportFormError } from '@/components/server-errors'

/** Spec §5: quantity and prices have a minimum of 0; defaults quantity 1, price 0, VAT 0. */
export const addItemDefaults = { name: '', sku: '', quantity: 1, netto_price: 0, VAT_procent: 0 }

/** The brutto unit price the form shows as the user types: (1 + VAT/100) × netto, to the cent. */
export function liveBrutto(netto: number | null | undefined, vat: number | null | undefined): string | null {
  try {
    return moneyText(lineAmounts({ quantity: 1, nettoPrice: netto ?? 0, vatPercent: vat ?? 0 }).price)
  } catch {
    return null
  }
}

export interface AddItemFormProps {
  onAdd: (item: InvoiceAddItemBody) => Promise<unknown>
}

/** The invoice add-item form of a draft (spec §5), with the brutto price shown live. */
export function AddItemForm({ onAdd }: AddItemFormProps) {
  const { t } = useTranslation('invoices')
  const [form] = Form.useForm<typeof addItemDefaults>()
  const netto = Form.useWatch('netto_price', form)
  const vat = Form.useWatch('VAT_procent', form)
  const [busy, setBusy] = useState(false)
  const handleFinish = async (values: typeof addItemDefaults) => {
    setBusy(true)
    try {
      await onAdd({ ...values, name: values.name.trim(), sku: values.sku.trim() })
      form.resetFields()
    } catch (error) {
      reportFormError(form, error)
    } finally {
      setBusy(false)
    }
  }
  const brutto = liveBrutto(netto, vat)
  return (
    <Form
      form={form}
      name="invoiceItem"
      layout="inline"
      initialValues={addItemDefaults}
      onFinish={handleFinish}
      aria-label={t('items.add')}
    >
      <Form.Item name="name" label={t('items.name')} rules={[{ required: true, whitespace: true }]}>
        <Input style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="sku" label={t('items.sku')}>
        <Input style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="quantity" label={t('items.quantity')} rules={[{ required: true }]}>
        <NumberInput min={0} precision={3} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="netto_price" label={t('items.nettoPrice')} rules={[{ required: true }]}>
        <NumberInput min={0} precision={2} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="VAT_procent" label={t('items.vatPercent')} rules={[{ required: true }]}>
        <NumberInput min={0} max={100} precision={2} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item label={t('items.price')}>
        <Typography.Text data-testid="live-brutto">
          {brutto === null ? '—' : <Money amount={brutto} />}
        </Typography.Text>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('items.add')}
        </Button>
      </Form.Item>
    </Form>
  )
}
