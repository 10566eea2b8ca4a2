import { Alert, Button, Flex, Form } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BusinessClientSelect } from '@/components/business-client-select'
import { reportFormError } from '@/components/server-errors'
import { useFormDirty } from '@/components/use-form-dirty'
import { ApiClientError } from '@/lib/api-client'
import { type CreateProductInput, useCreateProduct } from '../api/use-create-product'
import { ProductFields } from './product-fields'

type Values = CreateProductInput

/** 'Single Product Form': Create and Clear stay disabled until something changed. */
export function ProductCreateForm({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation('products')
  const { t: tc } = useTranslation('components')
  const [form] = Form.useForm<Values>()
  const initial = useMemo(() => ({ allowImportOrders: true }) as Partial<Values>, [])
  const { isDirty, onValuesChange } = useFormDirty(form, initial)
  const create = useCreateProduct()
  const [notice, setNotice] = useState<
    { kind: 'required' | 'duplicate' } | { kind: 'saved'; id: string } | null
  >(null)

  const handleFinish = (values: Values) => {
    setNotice(null)
    create.mutate(values, {
      onSuccess: (product) => {
        setNotice({ kind: 'saved', id: product._id })
        form.resetFields()
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.code === 'DUPLICATE_SKU') {
          setNotice({ kind: 'duplicate' })
          form.setFields([{ name: ['codes', 'sku'], errors: [t('create.duplicate')] }])
          return
        }
        reportFormError(form, error)
      },
    })
  }

  return (
    <Form
      name="product-create"
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFinish={handleFinish}
      onFinishFailed={() => setNotice({ kind: 'required' })}
      aria-label={t('create.tabSingle')}
    >
      {notice?.kind === 'required' && (
        <Alert type="error" showIcon title={t('create.required')} style={{ marginBottom: 16 }} />
      )}
      {notice?.kind === 'duplicate' && (
        <Alert type="error" showIcon title={t('create.duplicate')} style={{ marginBottom: 16 }} />
      )}
      {notice?.kind === 'saved' && (
        <Alert
          type="success"
          showIcon
          title={t('create.saved')}
          action={<Link to={`/products/${notice.id}`}>{t('create.seeProduct')}</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      {isStaff && (
        <Form.Item
          name="businessclient"
          label={t('fields.businessclient')}
          rules={[{ required: true, message: tc('validation.required') }]}
          style={{ maxWidth: 480 }}
        >
          <BusinessClientSelect placeholder={t('fields.pickClient')} />
        </Form.Item>
      )}
      <ProductFields />
      <Flex gap="small" justify="flex-end" wrap>
        <Button
          disabled={!isDirty || create.isPending}
          onClick={() => {
            form.resetFields()
            setNotice(null)
          }}
        >
          {t('create.clear')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!isDirty} loading={create.isPending}>
          {t('create.create')}
        </Button>
      </Flex>
    </Form>
  )
}
