import { type BusinessClient, OSS_START } from '@expedo/domain'
import { Card, Col, Form, Input, Row, Switch, Typography } from 'antd'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FormActions } from '@/components/form-actions'
import { reportFormError } from '@/components/server-errors'
import { useFormDirty } from '@/components/use-form-dirty'
import { useIsNarrow } from '@/components/use-media-query'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBusinessClient } from '../api/use-update-business-client'

interface OssValues {
  oss: boolean
  ossSince: string
}

const toValues = (client: BusinessClient): OssValues => ({
  oss: client.invoicing.oss,
  ossSince: client.invoicing.ossSince ?? '',
})

/**
 * The One-Stop-Shop of distance sales (FINANCE.md "Place of supply"): when on since a date, invoices to
 * consumers in another member state take that country's VAT. Saved with PUT type 'update' (`invoicing`).
 */
export function OssForm({ client, canEdit }: { client: BusinessClient; canEdit: boolean }) {
  const { t } = useTranslation('business-clients')
  const isNarrow = useIsNarrow()
  const [form] = Form.useForm<OssValues>()
  const initial = useMemo(() => toValues(client), [client])
  const { isDirty, onValuesChange } = useFormDirty(form, initial)
  const update = useUpdateBusinessClient(client._id, { silent: true })
  const enabled = Form.useWatch('oss', form) ?? initial.oss

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's version changes
  useEffect(() => form.resetFields(), [form, initial])

  const handleFinish = async (values: OssValues) => {
    try {
      await update.mutateAsync({
        type: 'update',
        query: { invoicing: { oss: values.oss, ossSince: values.ossSince || null } },
      })
      notificationsStore.push('success', t('oss.saved'), 3000)
    } catch (error) {
      reportFormError(form, error)
    }
  }

  return (
    <Card
      size={isNarrow ? 'small' : 'medium'}
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('oss.title')}</h2>}
    >
      <Typography.Paragraph type="secondary">{t('oss.help')}</Typography.Paragraph>
      <Form
        name="oss"
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={handleFinish}
        onValuesChange={onValuesChange}
        disabled={!canEdit}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="oss" label={t('oss.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="ossSince"
              label={t('oss.since')}
              dependencies={['oss']}
              rules={[
                {
                  validator: (_, value: string) => {
                    if (enabled && !value) return Promise.reject(new Error(t('oss.sinceRequired')))
                    if (value && value < OSS_START)
                      return Promise.reject(new Error(t('oss.sinceTooEarly', { date: OSS_START })))
                    return Promise.resolve()
                  },
                },
              ]}
            >
              <Input type="date" min={OSS_START} />
            </Form.Item>
          </Col>
        </Row>
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
