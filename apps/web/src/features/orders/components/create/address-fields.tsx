import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { useFormRules } from '@/components/form-rules'

export interface AddressFieldsProps {
  /** Where the block lives in the form: ['shipTo'] or ['shipTo', 'client']. */
  prefix: string[]
  /** The shipping address: country, city, street and post code are required (spec §5). */
  required?: boolean
  /** Label set: the shipping address's or the company address's. */
  labels: 'fields' | 'companyAddress'
}

/** Country (searchable), province, city, street, street number and post code. */
export function AddressFields({ prefix, required = false, labels }: AddressFieldsProps) {
  const { t } = useTranslation('order-create')
  const rules = useFormRules()
  const needed = required ? [rules.required()] : []
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...prefix, 'country']}
          label={t(`${labels}.country`)}
          rules={required ? [rules.requiredChoice()] : []}
        >
          <CountrySelect allowClear />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[...prefix, 'province']} label={t(`${labels}.province`)} rules={[rules.max(200)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[...prefix, 'city']} label={t(`${labels}.city`)} rules={[...needed, rules.max(200)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...prefix, 'postcode']}
          label={t(`${labels}.postcode`)}
          rules={[...needed, rules.max(20)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item
          name={[...prefix, 'street']}
          label={t(`${labels}.street`)}
          rules={[...needed, rules.max(200)]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={[...prefix, 'streetNr']} label={t(`${labels}.streetNr`)} rules={[rules.max(50)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  )
}
