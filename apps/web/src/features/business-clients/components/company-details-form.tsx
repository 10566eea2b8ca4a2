import type { Address, BusinessClient } from '@expedo/domain'
import { Card, Col, Form, Input, Row } from 'antd'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FormActions } from '@/components/form-actions'
import { useFormRules } from '@/components/form-rules'
import { reportFormError } from '@/components/server-errors'
import { changedFields, useFormDirty } from '@/components/use-form-dirty'
import { useIsNarrow } from '@/components/use-media-query'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBusinessClient } from '../api/use-update-business-client'
import { AddressFields } from './address-fields'

interface CompanyValues {
  name: string
  address: Partial<Address>
}

const toValues = (client: BusinessClient): CompanyValues => ({
  name: client.name,
  address: { ...client.address },
})

/** Company name and address; saves only what changed (PUT type 'update'). */
export function CompanyDetailsForm({ client, canEdit }: { client: BusinessClient; canEdit: boolean }) {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const isNarrow = useIsNarrow()
  const [form] = Form.useForm<CompanyValues>()
  const initial = useMemo(() => toValues(client), [client])
  const { isDirty, onValuesChange } = useFormDirty(form, initial)
  const update = useUpdateBusinessClient(client._id, { silent: true })

  // A newer version from the server (another tab, a save) replaces the form's values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's version changes
  useEffect(() => form.resetFields(), [form, initial])

  const handleFinish = async (values: CompanyValues) => {
    const address = changedFields(initial.address, {
      ...values.address,
      country: values.address.country ?? '',
    })
    const name = values.name.trim() !== client.name ? values.name : undefined
    try {
      await update.mutateAsync({
        type: 'update',
        query: {
          ...(name !== undefined ? { name } : {}),
          ...(Object.keys(address).length ? { address } : {}),
        },
      })
      notificationsStore.push('success', t('company.saved'), 3000)
    } catch (error) {
      reportFormError(form, error)
    }
  }

  return (
    <Card
      size={isNarrow ? 'small' : 'medium'}
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('company.title')}</h2>}
    >
      <Form
        name="company"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        onValuesChange={onValuesChange}
        disabled={!canEdit}
      >
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="name" label={t('company.name')} rules={[rules.required(), rules.max(200)]}>
              <Input autoComplete="organization" />
            </Form.Item>
          </Col>
        </Row>
        <AddressFields />
        {canEdit && (
          <FormActions
            isDirty={isDirty}
            isSaving={update.isPending}
            onCancel={isDirty ? () => form.resetFields() : undefined}
          />
        )}
      </Form>
    </Card>
  )
}
