import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Col, Empty, Form, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormRules } from '@/components/form-rules'
import { Money } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { linePrice } from './create-order-values'
import { ProductPicker } from './product-picker'

/**
 * The order's product lines (spec §5 add-product form): a product of the business client, quantity a whole
 * number ≥ 1 (default 1), unit price ≥ 0 (default 0); the line price shown and sent is unit × quantity.
 */
export function ItemsField({ businessclient }: { businessclient: string | undefined }) {
  const { t } = useTranslation('order-create')
  const rules = useFormRules()
  return (
    <Form.List name="items">
      {(rows, { add, remove }) => (
        <>
          {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('items.none')} />}
          {rows.map((row, index) => (
            <Row
              key={row.key}
              gutter={12}
              align="top"
              aria-label={t('items.row', { n: index + 1 })}
              role="group"
            >
              <Col xs={24} lg={10}>
                <Form.Item
                  name={[row.name, 'product']}
                  label={t('items.product')}
                  rules={[rules.requiredChoice()]}
                >
                  <ProductPicker businessclient={businessclient} />
                </Form.Item>
              </Col>
              <Col xs={8} lg={4}>
                <Form.Item
                  name={[row.name, 'quantity']}
                  label={t('items.quantity')}
                  rules={[
                    rules.requiredChoice(),
                    { type: 'integer', min: 1, message: t('validation.quantity') },
                  ]}
                >
                  <NumberInput min={1} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={8} lg={4}>
                <Form.Item
                  name={[row.name, 'unitPrice']}
                  label={t('items.unitPrice')}
                  rules={[rules.requiredChoice(), { type: 'number', min: 0, message: t('validation.price') }]}
                >
                  <NumberInput min={0} precision={2} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={6} lg={4}>
                <Form.Item label={t('items.linePrice')} shouldUpdate>
                  {({ getFieldValue }) => (
                    <output
                      aria-label={t('items.linePrice')}
                      style={{ display: 'flex', alignItems: 'center', minHeight: 32 }}
                    >
                      <Money
                        amount={linePrice(
                          getFieldValue(['items', row.name, 'unitPrice']),
                          getFieldValue(['items', row.name, 'quantity']),
                        )}
                      />
                    </output>
                  )}
                </Form.Item>
              </Col>
              <Col xs={2} lg={2}>
                <Form.Item label=" " colon={false}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('items.remove')}
                    title={t('items.remove')}
                    onClick={() => remove(row.name)}
                  />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1, unitPrice: 0 })}>
            {t('items.add')}
          </Button>
        </>
      )}
    </Form.List>
  )
}
