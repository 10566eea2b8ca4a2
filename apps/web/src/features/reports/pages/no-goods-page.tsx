import { Empty, Flex, Select, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useNoGoods } from '../api/use-no-goods'
import { NoGoodsGroupCard } from '../components/no-goods-group-card'

const defaults = { country: '', shipFrom: '' }

/**
 * /reports/nogoods — what No goods orders wait for, by business client and ship-to country
 * (spec part 2 §2, §3 No-goods group); filters country and ship-from warehouse, kept in the URL.
 */
export function NoGoodsPage() {
  const { t } = useTranslation('reports')
  const { state, set, reset } = useUrlState(defaults)
  const report = useNoGoods(state)
  const warehouses = useWarehouses()
  const groups = report.data ?? []
  return (
    <>
      <PageHeader title={t('noGoods.title')} subtitle={t('noGoods.subtitle')} />
      <FilterBar onReset={reset} canReset={state.country !== '' || state.shipFrom !== ''}>
        <FilterField label={t('noGoods.filters.country')} width={220}>
          <CountrySelect
            aria-label={t('noGoods.filters.country')}
            allowClear
            value={state.country || undefined}
            onChange={(value) => set({ country: typeof value === 'string' ? value : '' })}
          />
        </FilterField>
        <FilterField label={t('noGoods.filters.shipFrom')} width={220}>
          <Select
            aria-label={t('noGoods.filters.shipFrom')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('noGoods.filters.anyWarehouse')}
            loading={warehouses.isLoading}
            value={state.shipFrom || undefined}
            onChange={(value: string | undefined) => set({ shipFrom: value ?? '' })}
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          />
        </FilterField>
      </FilterBar>
      {report.isLoading ? (
        <Skeleton active />
      ) : groups.length === 0 ? (
        <Empty description={t('noGoods.empty')} />
      ) : (
        <Flex vertical gap="middle" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          {groups.map((group) => (
            <NoGoodsGroupCard key={`${group.businessclient._id}|${group.country}`} group={group} />
          ))}
        </Flex>
      )}
    </>
  )
}
