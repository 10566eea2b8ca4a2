import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Row } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { BusinessClientSelect } from '@/components/business-client-select'
import { useFormRules } from '@/components/form-rules'
import { NumberInput } from '@/components/number-input'
import { reportFormError } from '@/components/server-errors'
import { useFormDirty } from '@/components/use-form-dirty'
import { ApiClientError } from '@/lib/api-client'
import { AddressFields } from './address-fields'
import { addressRuleChanges, type CreateOrderValues, toCreateOrderBody } from './create-order-values'
import { ItemsField } from './items-field'
import { LeaveGuard } from './leave-guard'
import { useCreateOrder } from './use-create-order'

export interface CreateOrderFormProps {
  /** Staff pick the business client; a client user creates for itself. */
  isStaff: boolean
  /** The signed-in client's business client (whose products the items offer). */
  ownBusinessclient: string | null
}

/**
 * Create order (spec part 2 §2, §5): shipping address with the required-field rule and message, customer,
 * cash on delivery, the company block with its same-address rules, and the product lines.
 * Saved → /orders/{id}; leaving with unsaved changes asks first.
 */
export function CreateOrderForm({ isStaff, ownBusinessclient }: CreateOrderFormProps) {
  const { t } = useTranslation('order-create')
  const rules = useFormRules()
  const navigate = useNavigate()
  const [form] = Form.useForm<CreateOrderValues>()
  const initial = useMemo<CreateOrderValues>(
    () => ({ shipTo: { isCompany: false }, isAdressAsShipping: false, items: [] }),
    [],
  )
  const dirty = useFormDirty(form, initial)
  const create = useCreateOrder()
  const [missingRequired, setMissingRequired] = useState(false)
  const [createdId, setCreatedId] = useState<string | null>(null)
  const isCompany = Form.useWatch(['shipTo', 'isCompany'], form) === true
  const chosenClient = Form.useWatch('businessclient', form)
  const businessclient = isStaff ? chosenClient : (ownBusinessclient ?? undefined)

  // Navigating once the guard has re-rendered without unsaved changes, so it lets the page go.
  useEffect(() => {
    if (createdId) navigate(`/orders/${createdId}`)
  }, [createdId, navigate])

  const handleValuesChange = (changed: CreateOrderValues, all: CreateOrderValues) => {
    dirty.onValuesChange()
    const changes = addressRuleChanges(changed, all)
    // The products of one business client are not offered to another.
    if ('businessclient' in changed) changes.push({ name: ['items'], value: [] })
    // The rule paths are paths of CreateOrderValues; antd's tuple typing of them does not follow arrays.
    if (changes.length > 0) form.setFields(changes as Parameters<typeof form.setFields>[0])
  }

  const handleFinish = (values: CreateOrderValues) => {
    setMissingRequired(false)
    create.mutate(toCreateOrderBody(values, isStaff), {
      onSuccess: (order) => setCreatedId(order._id),
      onError: (error) => {
        // The number is taken: say by which order, with a link to it under the field (in a new tab, so
        // what was typed here stays).
        if (error instanceof ApiClientError && error.code === 'DUPLICATE_ORDER_NUMBER' && error.existing) {
          const { _id, name } = error.existing
          form.setFields([
            {
              name: 'clientOrderNr',
              errors: [
                <span key="duplicate">
                  {t('duplicateNumber', { name })}{' '}
                  <Link to={`/orders/${_id}`} target="_blank" rel="noopener">
                    {t('openOrder', { name })}
                  </Link>
                </span>,
              ] as unknown as string[],
            },
          ])
          form.scrollToField('clientOrderNr')
          return
        }
        reportFormError(form, error)
      },
    })
  }

  return (
    <Form<CreateOrderValues>
      name="order-create"
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={handleValuesChange}
      onFinish={handleFinish}
      onFinishFailed={() => setMissingRequired(true)}
      scrollToFirstError
    >
      <LeaveGuard active={dirty.isDirty && createdId === null} />
      {missingRequired && (
        <Alert type="error" showIcon role="alert" title={t('required')} style={{ marginBottom: 16 }} />
      )}
      <Flex vertical gap="middle">
        <Card title={t('sections.order')} size="small">
          <Row gutter={16}>
            {isStaff && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="businessclient"
                  label={t('fields.businessclient')}
                  rules={[rules.requiredChoice()]}
                >
                  <BusinessClientSelect placeholder={t('placeholders.businessclient')} />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={12}>
              <Form.Item name="clientOrderNr" label={t('fields.clientOrderNr')} rules={[rules.max(100)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['payment', 'COD', 'amount']}
                label={t('fields.codAmount')}
                rules={[{ type: 'number', min: 0, message: t('validation.price') }]}
              >
                <NumberInput min={0} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('sections.customer')} size="small">
          <Row gutter={16}>
            <TextColumn name={['shipTo', 'client', 'firstName']} label={t('fields.firstName')} max={200} />
            <TextColumn name={['shipTo', 'client', 'lastName']} label={t('fields.lastName')} max={200} />
            <TextColumn name={['shipTo', 'phone']} label={t('fields.phone')} max={50} tel />
          </Row>
        </Card>

        <Card title={t('sections.shipping')} size="small">
          <AddressFields prefix={['shipTo']} labels="fields" required />
        </Card>

        <Card title={t('sections.company')} size="small">
          <Form.Item
            name={['shipTo', 'isCompany']}
            valuePropName="checked"
            style={{ marginBottom: isCompany ? 8 : 0 }}
          >
            <Checkbox>{t('fields.isCompany')}</Checkbox>
          </Form.Item>
          {isCompany && (
            <>
              <Form.Item name="isAdressAsShipping" valuePropName="checked">
                <Checkbox>{t('fields.isAdressAsShipping')}</Checkbox>
              </Form.Item>
              <Row gutter={16}>
                <TextColumn
                  name={['shipTo', 'client', 'companyName']}
                  label={t('fields.companyName')}
                  max={200}
                />
                <TextColumn name={['shipTo', 'client', 'taxId']} label={t('fields.taxId')} max={50} />
                <TextColumn
                  name={['shipTo', 'client', 'phone']}
                  label={t('fields.companyPhone')}
                  max={50}
                  tel
                />
              </Row>
              <AddressFields prefix={['shipTo', 'client']} labels="companyAddress" />
            </>
          )}
        </Card>

        <Card title={t('sections.items')} size="small">
          <ItemsField businessclient={businessclient} />
        </Card>

        <Flex gap="small" wrap justify="flex-end">
          <Button onClick={() => navigate('/orders')} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  )
}

/** A text field in a third of a row (the whole row on narrow screens): the customer and company fields. */
function TextColumn({
  name,
  label,
  max,
  tel,
}: {
  name: string[]
  label: string
  max: number
  tel?: boolean
}) {
  const rules = useFormRules()
  return (
    <Col xs={24} md={8}>
      <Form.Item name={name} label={label} rules={[rules.max(max)]}>
        <Input autoComplete="off" inputMode={tel ? 'tel' : undefined} />
      </Form.Item>
    </Col>
  )
}
