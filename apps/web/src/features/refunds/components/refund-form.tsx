import { type RefundUpdateBody, refundCurrency } from '@expedo/domain'
import { Col, Form, type FormInstance, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { useFormRules } from '@/components/form-rules'
import { NumberInput } from '@/components/number-input'

/** The form's values: the body of PUT /refunds/{id} (the currency follows the country). */
export type RefundFormValues = Omit<RefundUpdateBody, 'currency'>

/** Spec §9: EUR and amount 1 by default. */
export const emptyRefund: RefundFormValues = {
  name: '',
  phone: '',
  country: 'Slovakia',
  city: '',
  street: '',
  amount: 1,
  IBAN: '',
  account_nr: '',
  account_code: '',
}

/** The body to send: bank data of the other currency dropped, the currency as the rule says (spec §5). */
export function refundBody(values: RefundFormValues): RefundUpdateBody {
  const currency = refundCurrency(values.country)
  return {
    ...values,
    phone: values.phone ?? '',
    currency,
    IBAN: currency === 'EUR' ? (values.IBAN ?? '') : '',
    account_nr: currency === 'EUR' ? '' : (values.account_nr ?? ''),
    account_code: currency === 'EUR' ? '' : (values.account_code ?? ''),
  }
}

export interface RefundFieldsProps {
  form: FormInstance<RefundFormValues>
  /** Name, country, city and street wait for the refund to load (spec: disabled until loaded). */
  loading?: boolean
}

/**
 * The fields of the create and edit modals (spec 'Create New Refund'): name, country, city, street, amount,
 * the currency (CZK for Czech, otherwise EUR), then the IBAN for EUR or account number and bank code, phone.
 */
export function RefundFields({ form, loading = false }: RefundFieldsProps) {
  const { t } = useTranslation('refunds')
  const rules = useFormRules()
  const country = Form.useWatch('country', form) ?? emptyRefund.country
  const currency = refundCurrency(country)
  return (
    <>
      <Form.Item name="name" label={t('form.name')} rules={[rules.required(), rules.max(200)]}>
        <Input disabled={loading} autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="country" label={t('form.country')} rules={[rules.requiredChoice()]}>
            <CountrySelect disabled={loading} aria-label={t('form.country')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="city" label={t('form.city')} rules={[rules.required(), rules.max(100)]}>
            <Input disabled={loading} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="street" label={t('form.street')} rules={[rules.required(), rules.max(200)]}>
        <Input disabled={loading} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={14} sm={12}>
          <Form.Item
            name="amount"
            label={t('form.amount')}
            rules={[rules.requiredChoice(), { type: 'number', min: 0.01, message: t('form.amountPositive') }]}
          >
            <NumberInput<number> min={0.01} step={1} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={10} sm={12}>
          <Form.Item label={t('form.currency')} tooltip={t('form.currencyHint')}>
            <Input value={currency} readOnly aria-label={t('form.currency')} data-testid="refund-currency" />
          </Form.Item>
        </Col>
      </Row>
      {currency === 'EUR' ? (
        <Form.Item name="IBAN" label={t('form.iban')} rules={[rules.required(), rules.iban()]}>
          <Input placeholder="SK66 0900 0000 0050 1234 5678" autoComplete="off" />
        </Form.Item>
      ) : (
        <Row gutter={12}>
          <Col xs={14} sm={14}>
            <Form.Item
              name="account_nr"
              label={t('form.accountNr')}
              rules={[
                rules.required(),
                { pattern: /^\s*(\d{1,6}-)?\d{2,10}\s*$/, message: t('form.accountNrFormat') },
              ]}
            >
              <Input placeholder="19-2000145399" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={10} sm={10}>
            <Form.Item
              name="account_code"
              label={t('form.accountCode')}
              rules={[rules.required(), { pattern: /^\s*\d{4}\s*$/, message: t('form.accountCodeFormat') }]}
            >
              <Input placeholder="0800" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="phone" label={t('form.phone')} rules={[rules.phone(), rules.max(50)]}>
        <Input />
      </Form.Item>
    </>
  )
}
