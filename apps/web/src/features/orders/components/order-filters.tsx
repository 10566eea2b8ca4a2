import { ClearOutlined, DownOutlined, FilterOutlined, UpOutlined } from '@ant-design/icons'
import { ORDER_SEARCH_MIN_CHARS } from '@expedo/domain'
import { Button, Flex, Input, Segmented, Select, Space, Typography } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBusinessClientOptions } from '@/components/business-client-select'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { DeferredDatePicker } from '@/components/deferred-date-picker'
import { FilterField } from '@/components/filter-bar'
import { useCouriers } from '../api/use-order-pickers'
import { hiddenFilterCount, isSearchTooShort, type OrderListState } from '../lib/order-list-state'
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
 * The list's search box and filters (spec §2) in one compact row: search, date from / to, and "More
 * filters" opening the less used ones (Created At / Updated At, product, country, courier, COD and for
 * staff the business client). Whether that row is open lives in the URL like the filters; while it is
 * closed, the toggle counts the filters set in it, so no filter is active unseen. A filter change ends a
 * search (a search has no filters).
 */
export function OrderFilters({ state, isStaff, onFilter, onSearch, onReset }: OrderFiltersProps) {
  const { t } = useTranslation('orders')
  const { t: tc } = useTranslation('components')
  const countryName = useCountryName()
  const couriers = useCouriers()
  const clients = useBusinessClientOptions(isStaff)
  const [term, setTerm] = useState(state.q)
  useEffect(() => setTerm(state.q), [state.q])
  const filter = (patch: Partial<OrderListState>) => onFilter({ ...patch, q: '' })
  const day = (value: string) => (value ? dayjs(value, ISO_DAY) : null)
  const hintId = useId()
  const moreId = useId()
  const tooShort = isSearchTooShort(term, state.key)
  const hidden = hiddenFilterCount(state, isStaff)
  // Opening or closing the row is not a filter change: the page stays.
  const toggleMore = () => onFilter({ more: !state.more, page: state.page })

  return (
    <Flex vertical gap={8} role="search" style={{ marginBottom: 8 }}>
      <Flex wrap gap="small" align="center">
        <Space.Compact style={{ flex: '1 1 360px', maxWidth: 480 }}>
          <Select
            aria-label={t('search.keyLabel')}
            value={state.key}
            onChange={(key: string) => onFilter({ key })}
            popupMatchSelectWidth={false}
            style={{ width: 130, flex: 'none' }}
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
            aria-describedby={tooShort ? hintId : undefined}
            aria-invalid={tooShort || undefined}
            status={tooShort ? 'warning' : undefined}
            placeholder={t('search.placeholder')}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            // A term the server refuses (1 or 2 characters, unless the key is the internal number) is not
            // sent: the hint beside the box says why.
            onSearch={(value) => {
              if (!isSearchTooShort(value, state.key)) onSearch(value.trim())
            }}
          />
        </Space.Compact>
        {tooShort && (
          <Typography.Text id={hintId} role="status" style={{ color: HINT_COLOR }} data-testid="search-hint">
            {t('search.tooShort', { count: ORDER_SEARCH_MIN_CHARS })}
          </Typography.Text>
        )}
        <DeferredDatePicker
          aria-label={t('filters.dateFrom')}
          placeholder={t('filters.dateFrom')}
          format={PICKER_DATE_FORMAT}
          value={day(state.from)}
          onChange={(d) => filter({ from: d ? d.format(ISO_DAY) : '' })}
          style={{ width: 140 }}
        />
        <DeferredDatePicker
          aria-label={t('filters.dateTo')}
          placeholder={t('filters.dateTo')}
          format={PICKER_DATE_FORMAT}
          value={day(state.to)}
          onChange={(d) => filter({ to: d ? d.format(ISO_DAY) : '' })}
          style={{ width: 140 }}
        />
        <Button
          icon={<FilterOutlined />}
          aria-expanded={state.more}
          aria-controls={moreId}
          onClick={toggleMore}
          type={hidden > 0 && !state.more ? 'primary' : 'default'}
          ghost={hidden > 0 && !state.more}
        >
          {t('filters.more')}
          {hidden > 0 && (
            <span data-testid="more-filters-count" style={countStyle}>
              {hidden}
            </span>
          )}
          {state.more ? <UpOutlined /> : <DownOutlined />}
        </Button>
        <Button icon={<ClearOutlined />} onClick={onReset} style={{ marginInlineStart: 'auto' }}>
          {tc('filterBar.reset')}
        </Button>
      </Flex>
      <div id={moreId} hidden={!state.more}>
        {state.more && (
          <Flex wrap gap="small" align="flex-end">
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
                options={(couriers.data ?? []).map((c) => ({
                  value: c._id,
                  label: `${c.name} (${countryName(c.country)})`,
                }))}
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
          </Flex>
        )}
      </div>
    </Flex>
  )
}

/** The hint under a too short search term: dark amber, readable on white (WCAG AA). */
const HINT_COLOR = '#ad4e00'

/** How many filters the closed "More filters" row holds (so none is active unseen). */
const countStyle = {
  display: 'inline-block',
  minWidth: 18,
  padding: '0 5px',
  borderRadius: 9,
  fontSize: 12,
  lineHeight: '18px',
  textAlign: 'center',
  color: '#fff',
  background: '#0f766e',
} as const
