import type { NumberSeries, NumberSeriesInput } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Button, Card, Flex, Form, Input, Select, Table, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { BusinessClientSelect } from '@/components/business-client-select'
import { ConfirmButton } from '@/components/confirm-button'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { NumberInput } from '@/components/number-input'
import { PageHeader } from '@/components/page-header'
import { reportFormError } from '@/components/server-errors'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useSession } from '@/lib/session'
import { useCreateNumberSeries, useDeleteNumberSeries, useNumberSeries } from '../api/invoices-api'
import { ExchangeRatesPanel, VatRatesPanel } from '../components/rates-panels'

type FormValues = Omit<NumberSeriesInput, 'format'> & { format?: string }

/** /settings/sequences: the number series of invoices and credit notes (FINANCE.md "Numbering"). */
export function NumberSeriesPage() {
  const { t } = useTranslation('invoices')
  const countryName = useCountryName()
  const { currentUser } = useSession()
  const isStaff = isStaffRole(currentUser?.roles ?? [])
  const canEditRates = can(currentUser?.roles ?? [], 'finance.settings')
  const canAddVatRates = can(currentUser?.roles ?? [], 'vatrates.write')
  const list = useNumberSeries()
  const create = useCreateNumberSeries()
  const remove = useDeleteNumberSeries()
  const [form] = Form.useForm<FormValues>()
  const handleFinish = async (values: FormValues) => {
    try {
      await create.mutateAsync({ ...values, prefix: values.prefix ?? '', format: values.format || undefined })
      form.resetFields()
    } catch (error) {
      reportFormError(form, error)
    }
  }
  const handleDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id)
    } catch (error) {
      // 409: the series numbered a document, or a draft will be numbered from it (the generic CONFLICT text
      // would send the user to reload the page).
      const isUsed = error instanceof ApiClientError && error.status === 409
      notificationsStore.push('error', isUsed ? t('series.deleteRefused') : errorMessage(error), 8000)
      throw error
    }
  }
  return (
    <>
      <PageHeader
        title={t('series.title')}
        subtitle={t('series.subtitle')}
        backTo="/invoices"
        backLabel={t('edit.back')}
      />
      <Card size="small" title={t('series.create')} style={{ marginBottom: 16 }}>
        <Form<FormValues>
          form={form}
          name="numberSeries"
          aria-label={t('series.create')}
          layout="inline"
          onFinish={handleFinish}
          initialValues={{
            documentType: 'invoice',
            year: new Date().getFullYear(),
            nextValue: 1,
            prefix: '',
          }}
        >
          {isStaff && (
            <Form.Item name="businessclient" label={t('series.client')} rules={[{ required: true }]}>
              <BusinessClientSelect placeholder={t('series.client')} />
            </Form.Item>
          )}
          <Form.Item name="documentType" label={t('series.documentType')} rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'invoice', label: t('series.invoice') },
                { value: 'creditnote', label: t('series.creditnote') },
              ]}
            />
          </Form.Item>
          <Form.Item name="country" label={t('series.country')} rules={[{ required: true }]}>
            <CountrySelect style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="year" label={t('series.year')} rules={[{ required: true }]}>
            <NumberInput min={2000} max={2999} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="prefix" label={t('series.prefix')}>
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="format" label={t('series.format')} tooltip={t('series.formatHelp')}>
            <Input style={{ width: 170 }} placeholder="{prefix}{yyyy}{n:6}" />
          </Form.Item>
          <Form.Item name="nextValue" label={t('series.nextValue')} rules={[{ required: true }]}>
            <NumberInput min={1} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('series.create')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Table<NumberSeries>
        size="small"
        rowKey="_id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('series.empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          ...(isStaff
            ? [
                {
                  key: 'client',
                  title: t('series.client'),
                  render: (_: unknown, s: NumberSeries) => s.businessclient.name,
                },
              ]
            : []),
          { key: 'type', title: t('series.documentType'), render: (_, s) => t(`series.${s.documentType}`) },
          { key: 'country', title: t('series.country'), render: (_, s) => countryName(s.country) },
          { key: 'year', title: t('series.year'), dataIndex: 'year' },
          { key: 'prefix', title: t('series.prefix'), dataIndex: 'prefix' },
          { key: 'format', title: t('series.format'), dataIndex: 'format' },
          { key: 'next', title: t('series.nextNumber'), dataIndex: 'nextNumber' },
          {
            key: 'used',
            title: t('series.used'),
            render: (_, s) => (s.used ? <Tag>{t('series.yes')}</Tag> : t('series.no')),
          },
          {
            key: 'delete',
            title: '',
            render: (_, s) =>
              s.used ? null : (
                <ConfirmButton
                  size="small"
                  confirmTitle={t('series.deleteTitle')}
                  onConfirm={() => handleDelete(s._id)}
                >
                  {t('series.delete')}
                </ConfirmButton>
              ),
          },
        ]}
      />
      <Flex gap="middle" wrap style={{ marginTop: 16 }} align="start">
        <div style={{ flex: '1 1 480px' }}>
          <VatRatesPanel canEdit={canAddVatRates} />
        </div>
        <div style={{ flex: '1 1 380px' }}>
          <ExchangeRatesPanel canEdit={canEditRates} />
        </div>
      </Flex>
    </>
  )
}
