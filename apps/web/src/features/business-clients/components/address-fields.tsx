import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { useFormRules } from '@/components/form-rules'

/** The address block of a company form, as `address.*` fields (limits of the contract's AddressSchema). */
export function AddressFields() {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const text = (name: string, max: number, span = 12, autoComplete?: string) => (
    <Col xs={24} sm={span}>
      <Form.Item
        name={['address', name]}
        label={t(`address.${name}` as 'address.city')}
        rules={[rules.max(max)]}
      >
        <Input autoComplete={autoComplete} />
      </Form.Item>
    </Col>
  )
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name={['address', 'country']} label={t('address.country')}>
          <CountrySelect allowClear />
        </Form.Item>
      </Col>
      {text('region', 100)}
      {text('province', 100)}
      {text('city', 100, 12, 'address-level2')}
      {text('street', 200, 16, 'address-line1')}
      {text('streetNr', 30, 8)}
      {text('postcode', 20, 12, 'postal-code')}
    </Row>
  )
}
