import { Button, Flex, Form, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { useProductSearch } from '@/lib/use-product-search'
import type { AddOrderItemInput } from '../../api/order-detail-api'

/** Spec §5: the line price sent is the unit price × quantity (rounded to cents). */
export function linePrice(unitPrice: number, quantity: number): number {
  return Math.round(unitPrice * quantity * 100) / 100
}

interface Values {
  product?: string
  quantity: number | null
  unitPrice: number | null
}

export interface AddItemFormProps {
  businessclient: string
  onAdd: (item: AddOrderItemInput) => Promise<unknown>
}

/** The add-product form: a product of the order's business client, quantity ≥ 1 (1), unit price ≥ 0 (0). */
export function AddItemForm({ businessclient, onAdd }: AddItemFormProps) {
  const { t } = useTranslation('order-detail')
  const [form] = Form.useForm<Values>()
  const [term, setTerm] = useState('')
  const [isAdding, setAdding] = useState(false)
  const products = useProductSearch(term, { businessclient, browse: true })
  const quantity = Form.useWatch('quantity', form) ?? 1
  const unitPrice = Form.useWatch('unitPrice', form) ?? 0

  const handleFinish = async (values: Values) => {
    if (!values.product) return
    const qty = values.quantity ?? 1
    setAdding(true)
    try {
      await onAdd({ product: values.product, quantity: qty, price: linePrice(values.unitPrice ?? 0, qty) })
      form.resetFields()
      setTerm('')
    } catch {
      // The failed call is in the top notification; the form keeps what was typed.
    } finally {
      setAdding(false)
    }
  }

  return (
    <Form<Values>
      form={form}
      name="add-order-item"
      layout="vertical"
      initialValues={{ quantity: 1, unitPrice: 0 }}
      onFinish={(values) => void handleFinish(values)}
    >
      <Flex wrap gap="small" align="flex-end">
        <Form.Item
          name="product"
          label={t('products.product')}
          rules={[{ required: true, message: t('products.pickProduct') }]}
          style={{ flex: '1 1 240px', marginBottom: 0 }}
        >
          <Select
            aria-label={t('products.product')}
            showSearch={{ filterOption: false, onSearch: setTerm }}
            placeholder={t('products.search')}
            loading={products.isFetching}
            notFoundContent={t('products.noProducts')}
            options={(products.data?.list ?? []).map((p) => ({
              value: p._id,
              label: `${p.name} (${p.codes.sku})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('products.quantity')}
          rules={[{ required: true, type: 'number', min: 1, message: t('products.quantityMin') }]}
          style={{ width: 110, marginBottom: 0 }}
        >
          <NumberInput aria-label={t('products.quantity')} min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="unitPrice"
          label={t('products.unitPrice')}
          rules={[{ required: true, type: 'number', min: 0, message: t('products.priceMin') }]}
          style={{ width: 130, marginBottom: 0 }}
        >
          <NumberInput aria-label={t('products.unitPrice')} min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <div style={{ marginBottom: 4 }}>
          <Typography.Text type="secondary">{t('products.linePrice')}: </Typography.Text>
          <Typography.Text data-testid="line-price">
            <Money amount={linePrice(unitPrice, quantity)} />
          </Typography.Text>
        </div>
        <Button type="primary" htmlType="submit" loading={isAdding}>
          {t('products.add')}
        </Button>
      </Flex>
    </Form>
  )
}
