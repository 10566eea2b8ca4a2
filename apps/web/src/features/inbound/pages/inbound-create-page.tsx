import { App, Button, Card, Form, Input, Select, Space, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { NumberInput } from '@/components/number-input'
import { PageHeader } from '@/components/page-header'
import { useWarehouses } from '@/lib/use-warehouses'
import { type CreateInboundBody, useClientOptions, useCompanies, useInboundActions } from '../api/inbound-api'
import { PhotoUploadButton } from '../components/photo-upload-button'

/** /shipments/inbound/create/new: an operator registers an arriving shipment, then receives its lines. */
export function InboundCreatePage() {
  const { t } = useTranslation('inbound')
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<CreateInboundBody>()
  const [photos, setPhotos] = useState<string[]>([])
  const warehouses = useWarehouses()
  const clients = useClientOptions(true)
  const companies = useCompanies()
  const { create } = useInboundActions()
  const required = [{ required: true, message: t('receive.required') }]
  const handleFinish = async (values: CreateInboundBody) => {
    try {
      const created = await create.mutateAsync({ ...values, photos })
      message.success(t('create.done'))
      navigate(`/shipments/inbound/${created._id}`)
    } catch {
      // reported by the API client
    }
  }
  return (
    <>
      <PageHeader title={t('create.title')} backTo="/shipments/inbound" backLabel={t('detail.back')} />
      <Card style={{ maxWidth: 720 }}>
        <Form form={form} layout="vertical" onFinish={handleFinish}>
          <Form.Item name="warehouse" label={t('columns.warehouse')} rules={required}>
            <Select options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))} />
          </Form.Item>
          <Form.Item name="businessclient" label={t('columns.client')} rules={required}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(clients.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="seller" label={t('columns.seller')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(companies.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="transporter" label={t('columns.transporter')}>
            <Input maxLength={120} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="nrOfPacks" label={t('columns.nrOfPacks')}>
              <NumberInput min={0} precision={0} />
            </Form.Item>
            <Form.Item name="weightKg" label={t('fields.weightKg')}>
              <NumberInput min={0} />
            </Form.Item>
            <Form.Item name="volume" label={t('fields.volume')}>
              <NumberInput min={0} />
            </Form.Item>
          </Space>
          <Form.Item name="comment" label={t('fields.comment')}>
            <Input.TextArea rows={3} maxLength={1000} />
          </Form.Item>
          <Form.Item label={t('detail.photos')}>
            <Space wrap>
              {photos.map((p, i) => (
                <Tag key={p} closable onClose={() => setPhotos((all) => all.filter((x) => x !== p))}>
                  {t('photos.photo', { n: i + 1 })}
                </Tag>
              ))}
              <PhotoUploadButton onUploaded={(id) => setPhotos((all) => [...all, id])} />
            </Space>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
