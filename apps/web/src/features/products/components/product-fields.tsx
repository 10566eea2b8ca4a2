import { Card, Col, Form, Input, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'

const half = { xs: 24, sm: 12, lg: 8 }
const quarter = { xs: 24, sm: 12, xxl: 6 }

/** The editable fields of a product, named as the API names them (`codes.sku`, `proprities.*`, `storage.*`). */
export function ProductFields() {
  const { t } = useTranslation('products')
  const { t: tc } = useTranslation('components')
  const required = [{ required: true, whitespace: true, message: tc('validation.required') }]
  return (
    <>
      <Card title={t('sections.main')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Form.Item name="name" label={t('fields.name')} rules={required}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['codes', 'sku']} label={t('fields.sku')} rules={required}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['codes', 'barcode']} label={t('fields.barcode')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name={['codes', 'clientsku']} label={t('fields.clientsku')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="color" label={t('fields.color')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="size" label={t('fields.size')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="allowImportOrders" label={t('fields.allowImportOrders')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={2} maxLength={5000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={t('sections.properties')} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col {...quarter}>
                <Form.Item name={['proprities', 'weight']} label={t('fields.weight')}>
                  <NumberInput min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item name={['proprities', 'dimentions', 'height']} label={t('fields.height')}>
                  <NumberInput min={0} step={0.1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item name={['proprities', 'dimentions', 'lenght']} label={t('fields.length')}>
                  <NumberInput min={0} step={0.1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item name={['proprities', 'dimentions', 'width']} label={t('fields.width')}>
                  <NumberInput min={0} step={0.1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name={['proprities', 'note']} label={t('fields.propertiesNote')}>
                  <Input maxLength={1000} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('sections.storage')} size="small" style={{ marginBottom: 16 }}>
            <Form.Item name={['storage', 'temp']} label={t('fields.temp')}>
              <NumberInput min={-100} max={100} step={0.5} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name={['storage', 'note']} label={t('fields.storageNote')}>
              <Input maxLength={1000} />
            </Form.Item>
          </Card>
        </Col>
      </Row>
    </>
  )
}
