import { locationKinds } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Input, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useLocations } from '../api/locations-api'
import { BulkCreateModal } from '../components/bulk-create-modal'
import { locationColumns } from '../components/location-columns'
import { PrintLabelsButton } from '../components/print-labels-button'
import { WarehouseAddressCard } from '../components/warehouse-address-card'

const defaults = { warehouse: '', search: '', kind: '', occupied: '', page: 1, pageSize: 50 }

/**
 * /warehouse/locations: a warehouse's locations in pick-path order; every filter lives in the URL. Floor staff
 * create them by ranges and print their labels, and see the warehouse's sender address (an admin sets it); a
 * client sees the locations holding its goods.
 */
export function LocationsPage() {
  const { t } = useTranslation('locations')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const canWrite = can(roles, 'locations.write')
  const canEditAddress = can(roles, 'warehouses.write')
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { kind: ['', ...locationKinds], occupied: ['', 'true', 'false'] },
  })
  const warehouses = useWarehouses()
  const warehouse = state.warehouse || warehouses.data?.[0]?._id || ''
  const [bulkOpen, setBulkOpen] = useState(false)
  const list = useLocations(
    warehouse
      ? {
          warehouse,
          ...(state.search ? { search: state.search } : {}),
          ...(state.kind ? { kind: state.kind as (typeof locationKinds)[number] } : {}),
          ...(state.occupied ? { occupied: state.occupied as 'true' | 'false' } : {}),
          currentPage: state.page,
          itemsPerPage: state.pageSize,
        }
      : null,
  )

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          canWrite &&
          warehouse && (
            <>
              <Link to={`/warehouse/floor?warehouse=${warehouse}`}>
                <Button>{t('list.toFloor')}</Button>
              </Link>
              <PrintLabelsButton warehouse={warehouse} search={state.search} />
              <Button type="primary" onClick={() => setBulkOpen(true)}>
                {t('bulk.open')}
              </Button>
            </>
          )
        }
      />
      {canWrite && warehouse && <WarehouseAddressCard warehouse={warehouse} canEdit={canEditAddress} />}
      <FilterBar onReset={reset}>
        <FilterField label={t('list.warehouse')} width={200}>
          <Select
            aria-label={t('list.warehouse')}
            loading={warehouses.isLoading}
            value={warehouse || undefined}
            onChange={(value: string) => set({ warehouse: value })}
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          />
        </FilterField>
        <FilterField label={t('list.search')}>
          <Input.Search
            allowClear
            aria-label={t('list.search')}
            placeholder="A-01"
            defaultValue={state.search}
            onSearch={(search) => set({ search: search.trim().toUpperCase() })}
          />
        </FilterField>
        <FilterField label={t('list.kind')}>
          <Select
            aria-label={t('list.kind')}
            value={state.kind}
            onChange={(kind: string) => set({ kind })}
            options={[
              { value: '', label: t('list.any') },
              ...locationKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
            ]}
          />
        </FilterField>
        <FilterField label={t('list.occupied')}>
          <Select
            aria-label={t('list.occupied')}
            value={state.occupied}
            onChange={(occupied: string) => set({ occupied })}
            options={[
              { value: '', label: t('list.any') },
              { value: 'true', label: t('list.occupiedYes') },
              { value: 'false', label: t('list.occupiedNo') },
            ]}
          />
        </FilterField>
      </FilterBar>
      <DataTable
        aria-label={t('list.title')}
        columns={locationColumns(t)}
        rows={list.data?.list ?? []}
        rowKey={(r) => r._id}
        loading={list.isFetching}
        page={state.page}
        pageSize={state.pageSize}
        total={list.data?.total ?? 0}
        onPageChange={(page, pageSize) => set({ page, pageSize })}
        pageSizeOptions={[20, 50, 100, 500]}
      />
      {warehouse && (
        <BulkCreateModal warehouse={warehouse} open={bulkOpen} onClose={() => setBulkOpen(false)} />
      )}
    </>
  )
}
