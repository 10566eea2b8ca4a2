import { DatePicker, Input, Segmented, Select, Space } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBusinessClientOptions } from '@/components/business-client-select'
import { CountrySelect } from '@/components/country-select'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { useCouriers } from '../api/use-order-pickers'
import type { OrderListState } from '../lib/order-list-state'
import { OrderProductSelect } from './order-product-select'

const ISO_DAY = 'YYYY-MM-DD'

export interface OrderFiltersProps {
  state: OrderListState
  /** Staff also filter by business client. */
  isStaff: boolean
  onFilter: (patch: Partial<OrderListState>) => void
  onSearch: (term: string) => void
  onReset: () => void
}

/**
 * The list's search box and filters (spec §2): date from / to, product, country, courier, COD, Created At /
 * Updated At, and for staff the business client. A filter change ends a search (a search has no filters).
 */
export function OrderFilters({ state, isStaff, onFilter, onSearch, onReset }: OrderFiltersProps) {
  const { t } = useTranslation('orders')
  const couriers = useCouriers()
  const clients = useBusinessClientOptions(isStaff)
  const [term, setTerm] = useState(state.q)
  useEffect(() => setTerm(state.q), [state.q])
  const filter = (patch: Partial<OrderListState>) => onFilter({ ...patch, q: '' })
  const day = (value: string) => (value ? dayjs(value, ISO_DAY) : null)

  return (
    <>
      <Space.Compact style={{ width: '100%', maxWidth: 560, marginBottom: 12 }}>
        <Select
          aria-label={t('search.keyLabel')}
          value={state.key}
          onChange={(key: string) => onFilter({ key })}
          popupMatchSelectWidth={false}
          style={{ minWidth: 150 }}
          options={[
            { value: '', label: t('search.keys.any') },
            { value: 'clientOrderNr', label: t('search.keys.clientOrderNr') },
            { value: 'internalNumericId', label: t('search.keys.internalNumericId') },
            { value: 'customer', label: t('search.keys.customer') },
          ]}
        />
        <Input.Search
          allowClear
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onSearch={(value) => onSearch(value.trim())}
        />
      </Space.Compact>
      <FilterBar onReset={onReset}>
        <FilterField label={t('filters.dateFrom')} width={140}>
          <DatePicker
            aria-label={t('filters.dateFrom')}
            format={PICKER_DATE_FORMAT}
            value={day(state.from)}
            onChange={(d) => filter({ from: d ? d.format(ISO_DAY) : '' })}
          />
        </FilterField>
        <FilterField label={t('filters.dateTo')} width={140}>
          <DatePicker
            aria-label={t('filters.dateTo')}
            format={PICKER_DATE_FORMAT}
            value={day(state.to)}
            onChange={(d) => filter({ to: d ? d.format(ISO_DAY) : '' })}
          />
        </FilterField>
        <FilterField label={t('filters.dateField')} width={200}>
          <Segmented
            aria-label={t('filters.dateField')}
            value={state.dates}
            onChange={(dates) => filter({ dates: String(dates) })}
            options={[
              { value: 'createdAt', label: t('filters.createdAt') },
              { value: 'updatedAt', label: t('filters.updatedAt') },
            ]}
          />
        </FilterField>
        <FilterField label={t('filters.product')} width={200}>
          <OrderProductSelect value={state.product} onChange={(product) => filter({ product })} />
        </FilterField>
        <FilterField label={t('filters.country')} width={160}>
          <CountrySelect
            allowClear
            aria-label={t('filters.country')}
            value={state.country || undefined}
            onChange={(country) => filter({ country: typeof country === 'string' ? country : '' })}
          />
        </FilterField>
        <FilterField label={t('filters.courier')} width={160}>
          <Select
            allowClear
            aria-label={t('filters.courier')}
            placeholder={t('filters.anyCourier')}
            loading={couriers.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            value={state.courier || undefined}
            onChange={(courier?: string) => filter({ courier: courier ?? '' })}
            options={(couriers.data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.country})` }))}
          />
        </FilterField>
        <FilterField label={t('filters.cod')} width={120}>
          <Select
            aria-label={t('filters.cod')}
            value={state.cod}
            onChange={(cod: string) => filter({ cod })}
            options={[
              { value: 'all', label: t('filters.codAll') },
              { value: 'no_cod', label: t('filters.codNo') },
              { value: 'has_cod', label: t('filters.codYes') },
            ]}
          />
        </FilterField>
        {isStaff && (
          <FilterField label={t('filters.client')} width={180}>
            <Select
              allowClear
              aria-label={t('filters.client')}
              placeholder={t('filters.anyClient')}
              loading={clients.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              value={state.client || undefined}
              onChange={(client?: string) => filter({ client: client ?? '' })}
              options={(clients.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
            />
          </FilterField>
        )}
      </FilterBar>
    </>
  )
}
