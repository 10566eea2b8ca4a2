import { CheckCircleFilled } from '@ant-design/icons'
import type { Courier } from '@expedo/domain'
import { Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { useUrlState } from '@/lib/use-url-state'
import { useCourierList } from '../api/couriers-api'

const defaults = { name: '', country: [] as string[] }

/** /couriers — search by name, several countries at once (both in the URL); spec part 2 §2 "Couriers". */
export function CouriersListPage() {
  const { t } = useTranslation('couriers')
  const countryName = useCountryName()
  const { state, set, reset } = useUrlState(defaults)
  const query = {
    ...(state.name ? { name: state.name } : {}),
    ...(state.country.length ? { country: state.country } : {}),
  }
  const list = useCourierList(query)
  const columns: DataTableColumn<Courier>[] = [
    {
      key: 'name',
      title: t('list.name'),
      render: (_, c) => <Link to={`/couriers/${c._id}`}>{c.name}</Link>,
    },
    {
      key: 'default',
      title: t('list.default'),
      width: 110,
      align: 'center',
      render: (_, c) =>
        c.isDefault ? (
          <CheckCircleFilled aria-label={t('list.isDefault')} style={{ color: '#52c41a' }} />
        ) : null,
    },
    { key: 'country', title: t('list.country'), render: (_, c) => countryName(c.country) },
  ]
  return (
    <>
      <PageHeader title={t('list.title')} />
      <FilterBar onReset={reset} canReset={state.name !== '' || state.country.length > 0}>
        <FilterField label={t('list.search')} width={240}>
          <Input.Search
            key={state.name}
            aria-label={t('list.search')}
            allowClear
            defaultValue={state.name}
            placeholder={t('list.searchPlaceholder')}
            onSearch={(value) => set({ name: value.trim() })}
          />
        </FilterField>
        <FilterField label={t('list.countries')} width={280}>
          <CountrySelect
            aria-label={t('list.countries')}
            mode="multiple"
            allowClear
            value={state.country}
            onChange={(value) => set({ country: Array.isArray(value) ? value : value ? [value] : [] })}
          />
        </FilterField>
      </FilterBar>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(c) => c._id}
        loading={list.isFetching}
        emptyText={list.isError ? t('list.error') : t('list.empty')}
      />
    </>
  )
}
