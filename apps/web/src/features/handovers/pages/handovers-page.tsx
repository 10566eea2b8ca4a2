import { type Handover, type HandoverStatus, handoverStatusList } from '@expedo/domain'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FilterField } from '@/components/filter-bar'
import { ListPage, listErrorText, StatusFilter } from '@/components/list-page'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useHandovers } from '../api/handovers-api'
import { handoverColumns } from '../components/handover-columns'
import { ReadyGroups } from '../components/ready-groups'

const pageSizes = [20, 50, 100] as const
const defaults = { warehouse: '', status: '', page: 1, pageSize: 20 }

/**
 * /warehouse/handover: what is ready for a courier (per warehouse × courier, a handover made from it in one
 * click), then the handovers, newest first. Warehouse (both), status and the pager are in the URL.
 */
export function HandoversPage() {
  const { t } = useTranslation('handovers')
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { status: ['', ...handoverStatusList], pageSize: [...pageSizes] },
  })
  const warehouses = useWarehouses()
  const list = useHandovers({
    ...(state.warehouse ? { warehouse: state.warehouse } : {}),
    ...(state.status ? { status: state.status as HandoverStatus } : {}),
    currentPage: state.page,
    itemsPerPage: state.pageSize,
  })
  return (
    <ListPage<Handover>
      title={t('list.title')}
      url={{ state, set, reset }}
      canReset={state.warehouse !== '' || state.status !== ''}
      filters={
        <>
          <FilterField label={t('list.warehouse')} width={220}>
            <Select
              aria-label={t('list.warehouse')}
              loading={warehouses.isLoading}
              value={state.warehouse}
              onChange={(warehouse: string) => set({ warehouse })}
              options={[
                { value: '', label: t('list.any') },
                ...(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name })),
              ]}
            />
          </FilterField>
          <StatusFilter<HandoverStatus>
            label={t('list.status')}
            value={state.status as HandoverStatus | ''}
            onChange={(status) => set({ status })}
            statuses={handoverStatusList}
            statusLabel={(s) => t(`status.${s}`)}
            anyLabel={t('list.any')}
          />
        </>
      }
      toolbar={
        <>
          <ReadyGroups warehouse={state.warehouse} />
          <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{t('list.handovers')}</h2>
        </>
      }
      error={list.error ? `${t('list.loadFailed')}: ${listErrorText(list.error)}` : null}
      pager={{ total: list.data?.total ?? 0, sizes: pageSizes }}
      table={{
        'aria-label': t('list.handovers'),
        columns: handoverColumns(t),
        rows: list.data?.list ?? [],
        rowKey: (h) => h._id,
        loading: list.isFetching,
        emptyText: t('list.empty'),
        size: 'small',
      }}
    />
  )
}
