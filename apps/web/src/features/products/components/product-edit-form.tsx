import type { Product } from '@expedo/domain'
import { App, Button, Flex, Form, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { reportFormError } from '@/components/server-errors'
import { changedFields, useFormDirty } from '@/components/use-form-dirty'
import { ApiClientError } from '@/lib/api-client'
import { type UpdateProductInput, useUpdateProduct } from '../api/use-update-product'
import { ProductFields } from './product-fields'

type Values = NonNullable<UpdateProductInput>

const formValues = (p: Product): Values => ({
  name: p.name,
  codes: p.codes,
  color: p.color,
  size: p.size,
  allowImportOrders: p.allowImportOrders,
  proprities: p.proprities,
  storage: p.storage,
  description: p.description,
})

/** The product's editable fields; Update appears only after a change. */
export function ProductEditForm({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { t } = useTranslation('products')
  const { message } = App.useApp()
  const { token } = theme.useToken()
  const [form] = Form.useForm<Values>()
  const initial = useMemo(() => formValues(product), [product])
  const { isDirty, onValuesChange } = useFormDirty(form, initial)
  const update = useUpdateProduct(product._id)
  const handleFinish = (values: Values) =>
    update.mutate(changedFields(initial, values), {
      onSuccess: (saved) => {
        form.setFieldsValue(formValues(saved))
        message.success(t('detail.updated'))
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.code === 'DUPLICATE_SKU') {
          form.setFields([{ name: ['codes', 'sku'], errors: [t('create.duplicate')] }])
          return
        }
        reportFormError(form, error)
      },
    })
  return (
    <Form
      name="product-edit"
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFinish={handleFinish}
      onFinishFailed={() => message.error(t('create.required'))}
      disabled={!canEdit}
      aria-label={product.name}
    >
      <ProductFields />
      {isDirty && canEdit && (
        // Sticky at the bottom of the screen while the form is longer than it: a solid bar with a top
        // border, so the fields scrolling under it do not show through; in the flow after the last field,
        // it never covers that one.
        <Flex
          justify="flex-end"
          gap="small"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            marginTop: 8,
            padding: '8px 0',
            background: token.colorBgContainer,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button onClick={() => form.resetFields()}>{t('create.clear')}</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('detail.update')}
          </Button>
        </Flex>
      )}
    </Form>
  )
}
