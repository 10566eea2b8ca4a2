import { type Invoice, invoiceCustomerTextFields } from '@expedo/domain'
import { Col, DatePicker, Input, Row, Select, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { errorMessage } from '@/lib/error-message'
import type { InvoiceField } from '../api/invoices-api'

type Save = (field: InvoiceField) => Promise<unknown>

/** One field: shows the server's reason under itself when the save is refused. */
function Field({
  id,
  label,
  children,
  error,
}: {
  id: string
  label: string
  children: React.ReactNode
  error: string
}) {
  return (
    <Col xs={24} sm={12} md={8}>
      <label htmlFor={id} style={{ display: 'block', fontSize: 12, opacity: 0.75 }}>
        {label}
      </label>
      {children}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </Col>
  )
}

function useSaver(save: Save) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const run = async (key: string, field: InvoiceField) => {
    setErrors((e) => ({ ...e, [key]: '' }))
    try {
      await save(field)
    } catch (error) {
      setErrors((e) => ({ ...e, [key]: errorMessage(error) }))
    }
  }
  return { errors, run }
}

/** A text saved when it changed and the field is left (or Enter is pressed). */
function TextField(props: {
  id: string
  label: string
  value: string
  disabled: boolean
  error: string
  onSave: (value: string) => void
}) {
  const [value, setValue] = useState(props.value)
  const commit = () => {
    if (value.trim() !== props.value) props.onSave(value.trim())
  }
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <Input
        id={props.id}
        value={value}
        disabled={props.disabled}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Field>
  )
}

export interface DocumentFieldsProps {
  invoice: Invoice
  /** Only a draft's fields change (an issued document keeps them: 409 DOCUMENT_ISSUED). */
  editable: boolean
  /** The internal note (never printed) changes on an issued document too. */
  canEditNote: boolean
  series: { _id: string; label: string }[]
  onSave: Save
}

/**
 * The document's editable fields (spec "Invoice edit page"): number series, issue, tax and due dates, variable
 * symbol, the internal note and the customer's address, each saved on its own with `PUT /invoices/{id}?<field>`.
 */
export function DocumentFields({ invoice, editable, canEditNote, series, onSave }: DocumentFieldsProps) {
  const { t } = useTranslation('invoices')
  const { errors, run } = useSaver(onSave)
  const date = (key: 'issuedDate' | 'taxDate' | 'dueDate') => (
    <Field id={`invoice-${key}`} label={t(`edit.${key}`)} error={errors[key] ?? ''}>
      <DatePicker
        id={`invoice-${key}`}
        format={PICKER_DATE_FORMAT}
        allowClear={false}
        disabled={!editable}
        value={dayjs(invoice.dates[key])}
        onChange={(d) => d && void run(key, { [key]: d.format('YYYY-MM-DD') } as InvoiceField)}
        style={{ width: '100%' }}
      />
    </Field>
  )
  return (
    <>
      <Row gutter={[16, 12]}>
        {editable && (
          <Field id="invoice-series" label={t('edit.series')} error={errors.series ?? ''}>
            <Select
              id="invoice-series"
              style={{ width: '100%' }}
              placeholder={t('edit.defaultSeries')}
              value={invoice.series?._id}
              options={series.map((s) => ({ value: s._id, label: s.label }))}
              onChange={(value: string) => void run('series', { series: value })}
            />
            {invoice.series && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('edit.nextNumber', { number: invoice.series.nextNumber })}
              </Typography.Text>
            )}
          </Field>
        )}
        {date('issuedDate')}
        {date('taxDate')}
        {date('dueDate')}
        <TextField
          id="invoice-variableSymbol"
          label={t('edit.variableSymbol')}
          value={invoice.variableSymbol}
          disabled={!editable}
          error={errors.variableSymbol ?? ''}
          onSave={(value) => void run('variableSymbol', { variableSymbol: value })}
        />
        <TextField
          id="invoice-customer_internal"
          label={t('edit.internalNote')}
          value={invoice.customer_internal}
          disabled={!canEditNote}
          error={errors.customer_internal ?? ''}
          onSave={(value) => void run('customer_internal', { customer_internal: value })}
        />
      </Row>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('edit.customer')}
      </Typography.Title>
      <Row gutter={[16, 12]}>
        {invoiceCustomerTextFields.map((key) => (
          <TextField
            key={key}
            id={`invoice-customer-${key}`}
            label={t(`customer.${key}`)}
            value={invoice.customer[key]}
            disabled={!editable}
            error={errors[key] ?? ''}
            onSave={(value) => void run(key, { [key]: value } as InvoiceField)}
          />
        ))}
        <Field id="invoice-customer-country" label={t('customer.country')} error={errors.country ?? ''}>
          <CountrySelect
            id="invoice-customer-country"
            disabled={!editable}
            value={invoice.customer.country || undefined}
            onChange={(value) =>
              typeof value === 'string' && void run('country', { country: value } as InvoiceField)
            }
            style={{ width: '100%' }}
          />
        </Field>
      </Row>
    </>
  )
}
