import { waveStatusList } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useWaves } from '../api/waves-api'
import { DiscrepanciesPanel } from '../components/discrepancies-panel'
import { ReleaseWaveModal } from '../components/release-wave-modal'
import { waveColumns } from '../components/wave-columns'

const defaults = { warehouse: '', status: '', page: 1, pageSize: 20 }

/**
 * /warehouse/waves: the waves on the floor, newest first (filters in the URL), releasing a new one, and the
 * short picks waiting for the operator.
 */
export function WavesPage() {
  const { t } = useTranslation('waves')
  const { currentUser } = useSession()
  const canAdjust = can(currentUser?.roles ?? [], 'stock.adjust')
  const { state, set, reset } = useUrlState(defaults, { allowed: { status: ['', ...waveStatusList] } })
  const warehouses = useWarehouses()
  const warehouse = state.warehouse || warehouses.data?.[0]?._id || ''
  const [releaseOpen, setReleaseOpen] = useState(false)
  const list = useWaves({
    ...(state.warehouse ? { warehouse: state.warehouse } : {}),
    ...(state.status ? { status: state.status as (typeof waveStatusList)[number] } : {}),
    currentPage: state.page,
    itemsPerPage: state.pageSize,
  })

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          warehouse && (
            <Button type="primary" onClick={() => setReleaseOpen(true)}>
              {t('release.open')}
            </Button>
          )
        }
      />
      {canAdjust && <DiscrepanciesPanel />}
      <FilterBar onReset={reset}>
        <FilterField label={t('list.warehouse')} width={200}>
          <Select
            aria-label={t('list.warehouse')}
            loading={warehouses.isLoading}
            value={state.warehouse}
            onChange={(value: string) => set({ warehouse: value })}
            options={[
              { value: '', label: t('list.any') },
              ...(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name })),
            ]}
          />
        </FilterField>
        <FilterField label={t('list.status')}>
          <Select
            aria-label={t('list.status')}
            value={state.status}
            onChange={(status: string) => set({ status })}
            options={[
              { value: '', label: t('list.any') },
              ...waveStatusList.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </FilterField>
      </FilterBar>
      <DataTable
        fit
        aria-label={t('list.title')}
        columns={waveColumns(t)}
        rows={list.data?.list ?? []}
        rowKey={(w) => w._id}
        loading={list.isFetching}
        page={state.page}
        pageSize={state.pageSize}
        total={list.data?.total ?? 0}
        onPageChange={(page, pageSize) => set({ page, pageSize })}
        pageSizeOptions={[20, 50, 100]}
        emptyText={t('list.empty')}
      />
      {warehouse && (
        <ReleaseWaveModal
          warehouse={state.warehouse || warehouse}
          open={releaseOpen}
          onClose={() => setReleaseOpen(false)}
        />
      )}
    </>
  )
}
