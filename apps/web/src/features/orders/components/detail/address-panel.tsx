import type { Order } from '@expedo/domain'
import { Card, Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect, useCountryName } from '@/components/country-select'
import type { UpdateOrderInput } from '../../api/order-detail-api'
import { InlineField } from './inline-field'

type ShipTo = NonNullable<NonNullable<UpdateOrderInput>['shipTo']>
type ClientField = 'companyName' | 'taxId' | 'nr_reg_com' | 'firstName' | 'lastName' | 'email'
type AddressField = 'phone' | 'province' | 'city' | 'district' | 'street' | 'streetNr' | 'postcode'

/** The panel's fields in the spec's order: the client's (shipTo.client) then the address (shipTo). */
const fields: ({ client: ClientField } | { address: AddressField | 'country' })[] = [
  { client: 'companyName' },
  { client: 'taxId' },
  { client: 'nr_reg_com' },
  { client: 'firstName' },
  { client: 'lastName' },
  { client: 'email' },
  { address: 'phone' },
  { address: 'country' },
  { address: 'province' },
  { address: 'city' },
  { address: 'district' },
  { address: 'street' },
  { address: 'streetNr' },
  { address: 'postcode' },
]

export interface AddressPanelProps {
  order: Order
  canEdit: boolean
  /** Saves one changed field (PUT /orders/{id} {shipTo}); rejects with the server's error. */
  onSave: (shipTo: ShipTo) => Promise<unknown>
}

/** Client Address: every field edits in place, one PUT per field. */
export function AddressPanel({ order, canEdit, onSave }: AddressPanelProps) {
  const { t } = useTranslation('order-detail')
  const countryName = useCountryName()
  const shipTo = order.shipping.shipTo
  return (
    <Card size="small" title={t('address.title')}>
      <Row gutter={[16, 12]}>
        {fields.map((field) => {
          if ('client' in field) {
            const name = field.client
            return (
              <Col xs={24} sm={12} key={name}>
                <InlineField
                  label={t(`address.${name}`)}
                  value={shipTo.client[name]}
                  canEdit={canEdit}
                  onSave={(value) => onSave({ client: { [name]: value } })}
                />
              </Col>
            )
          }
          const name = field.address
          if (name === 'country')
            return (
              <Col xs={24} sm={12} key={name}>
                <InlineField
                  label={t('address.country')}
                  value={shipTo.country}
                  display={shipTo.country ? countryName(shipTo.country) : undefined}
                  canEdit={canEdit}
                  onSave={(country) => onSave({ country })}
                  renderEditor={({ id, label, value, onChange }) => (
                    <CountrySelect
                      id={id}
                      aria-label={label}
                      size="small"
                      value={value || undefined}
                      onChange={(v) => onChange(String(v ?? ''))}
                      style={{ width: '100%' }}
                    />
                  )}
                />
              </Col>
            )
          return (
            <Col xs={24} sm={12} key={name}>
              <InlineField
                label={t(`address.${name}`)}
                value={shipTo[name]}
                canEdit={canEdit}
                onSave={(value) => onSave({ [name]: value })}
              />
            </Col>
          )
        })}
      </Row>
    </Card>
  )
}
