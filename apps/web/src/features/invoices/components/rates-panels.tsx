import type { ExchangeRate, VatRate } from '@expedo/domain'
import { Alert, Button, Card, DatePicker, Form, Select, Table } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { CurrencySelect } from '@/components/currency-select'
import { DateText, PICKER_DATE_FORMAT } from '@/components/date-text'
import { formatNumber } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { reportFormError } from '@/components/server-errors'
import {
  type ExchangeRateBody,
  useAddVatRate,
  useExchangeRates,
  useSetExchangeRate,
  useVatRates,
  type VatRateBody,
} from '../api/invoices-api'

const ISO_DAY = 'YYYY-MM-DD'

/** VAT rates by country with their validity; finance and admins add a rate from a day. */
export function VatRatesPanel({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('invoices')
  const countryName = useCountryName()
  const rates = useVatRates()
  const add = useAddVatRate()
  const [form] = Form.useForm<Omit<VatRateBody, 'validFrom' | 'validTo'> & { validFrom: Dayjs }>()
  return (
    <Card size="small" title={t('rates.vatTitle')}>
      {canEdit && (
        <Form
          form={form}
          // A form name prefixes the field ids: the series and exchange-rate forms have a country and a rate too.
          name="vatRate"
          layout="inline"
          aria-label={t('rates.addVat')}
          initialValues={{ kind: 'standard' }}
          onFinish={async (v) => {
            try {
              await add.mutateAsync({ ...v, validFrom: v.validFrom.format(ISO_DAY) })
              form.resetFields()
            } catch (error) {
              reportFormError(form, error)
            }
          }}
          style={{ marginBottom: 12 }}
        >
          <Form.Item name="country" label={t('rates.country')} rules={[{ required: true }]}>
            <CountrySelect style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('rates.kind')} rules={[{ required: true }]}>
            <Select
              style={{ width: 130 }}
              options={(['standard', 'reduced', 'reduced2'] as const).map((k) => ({
                value: k,
                label: t(`rates.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="rate" label={t('rates.rate')} rules={[{ required: true }]}>
            <NumberInput min={0} max={100} precision={2} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="validFrom" label={t('rates.validFrom')} rules={[{ required: true }]}>
            <DatePicker format={PICKER_DATE_FORMAT} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={add.isPending}>
              {t('rates.addVat')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <Table<VatRate>
        size="small"
        rowKey="_id"
        loading={rates.isLoading}
        dataSource={rates.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { key: 'country', title: t('rates.country'), render: (_, r) => countryName(r.country) },
          { key: 'kind', title: t('rates.kind'), render: (_, r) => t(`rates.${r.kind}`) },
          {
            key: 'rate',
            title: t('rates.rate'),
            align: 'right',
            render: (_, r) => `${formatNumber(r.rate, i18n.language || 'cs')} %`,
          },
          {
            key: 'from',
            title: t('rates.validFrom'),
            render: (_, r) => <DateText value={r.validFrom} format="DD.MM.YYYY" />,
          },
          {
            key: 'to',
            title: t('rates.validTo'),
            render: (_, r) => <DateText value={r.validTo} format="DD.MM.YYYY" />,
          },
        ]}
      />
    </Card>
  )
}

/** The latest exchange rates; finance and admins record the rate of a day. */
export function ExchangeRatesPanel({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('invoices')
  const pair = (r: ExchangeRate) =>
    `1 ${r.currency} = ${formatNumber(r.rate, i18n.language || 'cs', { max: 6 })} ${r.target}`
  const rates = useExchangeRates()
  const set = useSetExchangeRate()
  const [form] = Form.useForm<Omit<ExchangeRateBody, 'day'> & { day: Dayjs }>()
  return (
    <Card size="small" title={t('rates.fxTitle')}>
      {canEdit && (
        <Form
          form={form}
          name="exchangeRate"
          layout="inline"
          aria-label={t('rates.setFx')}
          initialValues={{ currency: 'EUR', target: 'CZK' }}
          onFinish={async (v) => {
            try {
              await set.mutateAsync({ ...v, day: v.day.format(ISO_DAY) })
              form.resetFields()
            } catch (error) {
              reportFormError(form, error)
            }
          }}
          style={{ marginBottom: 12 }}
        >
          <Form.Item name="currency" label={t('rates.currency')} rules={[{ required: true }]}>
            <CurrencySelect style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="target" label={t('rates.target')} rules={[{ required: true }]}>
            <Select style={{ width: 90 }} options={['CZK', 'RON'].map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="day" label={t('rates.day')} rules={[{ required: true }]}>
            <DatePicker format={PICKER_DATE_FORMAT} />
          </Form.Item>
          <Form.Item name="rate" label={t('rates.rate')} rules={[{ required: true }]}>
            <NumberInput min={0} precision={6} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={set.isPending}>
              {t('rates.setFx')}
            </Button>
          </Form.Item>
        </Form>
      )}
      {/* The table shows the latest 30 days: a rate recorded for an older day is confirmed here. */}
      {set.data && (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 12 }}
          title={t('rates.recorded', {
            pair: pair(set.data),
            day: dayjs(set.data.day).format('DD.MM.YYYY'),
          })}
        />
      )}
      <Table<ExchangeRate>
        size="small"
        rowKey={(r) => `${r.currency}-${r.target}-${r.day}`}
        loading={rates.isLoading}
        dataSource={rates.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          {
            key: 'day',
            title: t('rates.day'),
            render: (_, r) => <DateText value={r.day} format="DD.MM.YYYY" />,
          },
          {
            key: 'pair',
            title: t('rates.pair'),
            render: (_, r) => pair(r),
          },
        ]}
      />
    </Card>
  )
}
