import { type Order, officePickupCouriers } from '@expedo/domain'
import { Alert, Card, Flex, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { searchText } from '@/components/search-text'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import type { UpdateOrderInput } from '../../api/order-detail-api'
import { useOffices } from '../../api/order-detail-lookups'
import { fieldErrorText } from './field-error'

type ApiRequest = NonNullable<NonNullable<UpdateOrderInput>['api_request']>

/** Spec §9: only orders of ECONT and ECONT_GR get the office pick-up panel. */
export function hasOfficePickup(order: Order): boolean {
  const name = order.shipping.courier?.name ?? ''
  return (officePickupCouriers as readonly string[]).includes(name)
}

export interface OfficePanelProps {
  order: Order
  canEdit: boolean
  /** Saves the choice (PUT /orders/{id} {api_request: {to_office, office_code}}). */
  onSave: (apiRequest: ApiRequest) => Promise<unknown>
}

/** Office pick-up: the current office and a searchable list of the courier's offices in the ship-to country. */
export function OfficePanel({ order, canEdit, onSave }: OfficePanelProps) {
  const { t } = useTranslation('order-detail')
  const courierId = order.shipping.courier?._id ?? ''
  const country = order.shipping.shipTo.country
  const offices = useOffices(country, courierId, canEdit)
  const [saveError, setSaveError] = useState('')
  const [isSaving, setSaving] = useState(false)
  const { to_office: office, office_code: code } = order.api_request

  const handleChoose = async (chosen: string) => {
    const picked = offices.data?.find((o) => o.code === chosen)
    if (!picked) return
    setSaving(true)
    setSaveError('')
    try {
      await onSave({ to_office: picked.name, office_code: picked.code })
    } catch (error) {
      setSaveError(fieldErrorText(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card size="small" title={t('office.title')}>
      <Flex vertical gap="small">
        <div>
          <Typography.Text type="secondary">{t('office.current')}: </Typography.Text>
          <Typography.Text strong data-testid="current-office">
            {office ? `${office} (${code})` : t('office.none')}
          </Typography.Text>
        </div>
        {canEdit && offices.isError && (
          <Alert
            type="warning"
            showIcon
            title={
              offices.error instanceof ApiClientError && offices.error.status === 503
                ? t('office.unavailable')
                : errorMessage(offices.error)
            }
          />
        )}
        {canEdit && (
          <Select
            aria-label={t('office.choose')}
            placeholder={country ? t('office.choose') : t('office.noCountry')}
            disabled={!country || offices.isError}
            loading={offices.isLoading || isSaving}
            value={code || undefined}
            onChange={(value: string) => void handleChoose(value)}
            notFoundContent={offices.isLoading ? t('office.loading') : t('office.empty')}
            showSearch={{
              filterOption: (input, option) => !!option?.search.includes(searchText(input)),
            }}
            options={(offices.data ?? []).map((o) => ({
              value: o.code,
              label: `${o.name} (${o.code})${o.city ? ` · ${o.city}` : ''}`,
              search: searchText(`${o.name} ${o.code} ${o.city} ${o.address}`),
            }))}
            style={{ width: '100%' }}
          />
        )}
        {saveError && (
          <Typography.Text type="danger" role="alert">
            {saveError}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  )
}
