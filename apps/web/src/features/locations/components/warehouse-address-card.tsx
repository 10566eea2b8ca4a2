import type { WarehouseAddress, WarehouseAddressBody } from '@expedo/domain'
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  type FormRule,
  Input,
  Row,
  Skeleton,
  Typography,
} from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { FormActions } from '@/components/form-actions'
import { useFormRules } from '@/components/form-rules'
import { reportFormError } from '@/components/server-errors'
import { useFormDirty } from '@/components/use-form-dirty'
import { notificationsStore } from '@/lib/notifications'
import { useSetWarehouseAddress, useWarehouseAddress } from '../api/warehouse-address-api'

type Values = Required<WarehouseAddressBody>

/** The API's phone (packages/domain warehouses schema): a + only in front, at least 6 characters. */
const PHONE = /^\+?[0-9 ()/-]{6,}$/

/** The title names the warehouse: on a phone it wraps rather than hiding the name under an ellipsis. */
const wrapTitle = { title: { whiteSpace: 'normal', overflow: 'visible' } } as const

const valuesOf = (a: WarehouseAddress): Values => ({
  contactName: a.contactName,
  phone: a.phone,
  email: a.email,
  street: a.street,
  houseNumber: a.houseNumber,
  postCode: a.postCode,
  city: a.city,
})

/**
 * The selected warehouse's sender address (issue 25): what its courier labels and pickups carry. The floor
 * staff read it; an admin edits it in place (Save once something changed, Escape leaves the form). While it
 * is incomplete a warning says couriers refuse the warehouse's labels.
 */
export function WarehouseAddressCard({ warehouse, canEdit }: { warehouse: string; canEdit: boolean }) {
  const { t } = useTranslation('locations')
  const countryName = useCountryName()
  const query = useWarehouseAddress(warehouse)
  const [editing, setEditing] = useState<string | null>(null)
  const address = query.data

  const title = (
    <h2 style={{ margin: 0, fontSize: 16, paddingBlock: 8 }}>
      {address ? t('address.titleOf', { name: address.name }) : t('address.title')}
    </h2>
  )
  if (!address) {
    return (
      <Card size="small" title={title} styles={wrapTitle} style={{ marginBottom: 16 }}>
        {query.isError ? (
          <Alert type="error" showIcon title={t('address.loadFailed')} />
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        )}
      </Card>
    )
  }
  if (canEdit && editing === address._id) {
    return (
      <Card
        size="small"
        title={title}
        styles={wrapTitle}
        style={{ marginBottom: 16, borderColor: '#1677ff' }}
      >
        <AddressForm address={address} onDone={() => setEditing(null)} />
      </Card>
    )
  }

  const dash = (value: string) => value || '—'
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ')
  const place = [address.postCode, address.city].filter(Boolean).join(' ')
  return (
    <Card
      size="small"
      title={title}
      styles={wrapTitle}
      style={{ marginBottom: 16 }}
      extra={
        canEdit && (
          <Button onClick={() => setEditing(address._id)}>
            {address.complete ? t('address.edit') : t('address.set')}
          </Button>
        )
      }
    >
      {!address.complete && (
        <Alert type="warning" showIcon title={t('address.incomplete')} style={{ marginBottom: 12 }} />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('address.street')}>{dash(street)}</Descriptions.Item>
        <Descriptions.Item label={t('address.place')}>
          {dash(place)}
          {place && `, ${countryName(address.country)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('address.contact')}>{dash(address.contactName)}</Descriptions.Item>
        <Descriptions.Item label={t('address.phoneAndEmail')}>
          {dash([address.phone, address.email].filter(Boolean).join(', '))}
        </Descriptions.Item>
      </Descriptions>
      {!canEdit && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('address.readOnly')}
        </Typography.Text>
      )}
    </Card>
  )
}

function AddressForm({ address, onDone }: { address: WarehouseAddress; onDone: () => void }) {
  const { t } = useTranslation('locations')
  const rules = useFormRules()
  const [form] = Form.useForm<Values>()
  const initial = useMemo(() => valuesOf(address), [address])
  const dirty = useFormDirty(form, initial)
  const save = useSetWarehouseAddress(address._id)
  const phone: FormRule = {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || PHONE.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('address.phoneInvalid'))),
  }

  const handleFinish = async (values: Values) => {
    try {
      await save.mutateAsync(values)
      notificationsStore.push('success', t('address.saved', { name: address.name }), 3000)
      onDone()
    } catch (error) {
      reportFormError(form, error)
    }
  }

  const item = (name: keyof Values, label: string, fieldRules: FormRule[], input: ReactNode) => (
    <Form.Item name={name} label={label} rules={fieldRules}>
      {input}
    </Form.Item>
  )
  return (
    <Form<Values>
      name={`warehouse-address-${address._id}`}
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={handleFinish}
      onValuesChange={dirty.onValuesChange}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone()
      }}
    >
      <Typography.Paragraph type="secondary">{t('address.help')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          {item(
            'street',
            t('address.street'),
            [rules.required(), rules.max(150)],
            <Input autoFocus autoComplete="address-line1" />,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item('houseNumber', t('address.houseNumber'), [rules.max(20)], <Input autoComplete="off" />)}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'postCode',
            t('address.postCode'),
            [rules.required(), rules.max(20)],
            <Input autoComplete="postal-code" />,
          )}
        </Col>
        <Col xs={24} md={16}>
          {item(
            'city',
            t('address.city'),
            [rules.required(), rules.max(100)],
            <Input autoComplete="address-level2" />,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'contactName',
            t('address.contact'),
            [rules.required(), rules.max(100)],
            <Input autoComplete="name" />,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'phone',
            t('address.phone'),
            [rules.required(), rules.max(40), phone],
            <Input type="tel" autoComplete="tel" inputMode="tel" />,
          )}
        </Col>
        <Col xs={24} md={8}>
          {item(
            'email',
            t('address.email'),
            [rules.email(), rules.max(200)],
            <Input type="email" autoComplete="email" inputMode="email" />,
          )}
        </Col>
      </Row>
      <FormActions isDirty={dirty.isDirty} isSaving={save.isPending} onCancel={onDone} />
    </Form>
  )
}
