import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import type { OrderListItem, OrderStatus } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, Button, Dropdown, Flex, Typography } from 'antd'
import { useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCountryName } from '@/components/country-select'
import { DataTable } from '@/components/data-table'
import { PageHeader } from '@/components/page-header'
import { defaultPageSizes } from '@/components/page-sizes'
import { lazyComponent } from '@/lib/lazy-component'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useOrderList } from '../api/use-order-list'
import { useReleaseWave, waveWarehouseOf } from '../api/use-release-wave'
import {
  type OrderAction,
  OrderActionModals,
  type OrderActionRequest,
} from '../components/order-action-modals'
import { OrderExportMenu } from '../components/order-export-menu'
import { OrderFilters } from '../components/order-filters'
import { orderListColumns } from '../components/order-list-columns'
import { StatusTabs, statusPanelProps } from '../components/status-tabs'
import {
  ALL_TAB,
  clearSearchChange,
  exportBody,
  listBody,
  listDefaults,
  listStateOptions,
  searchBody,
  tabChange,
  tabCounts,
} from '../lib/order-list-state'

// Shown on demand: loaded when first opened, not with the list.
const SelectOrdersModal = lazyComponent(() =>
  import('../components/select-orders-modal').then((m) => m.SelectOrdersModal),
)

/**
 * /orders, the landing page after sign-in (spec part 2 §2 Orders list, §4 behaviour): status tabs with
 * counts, search, filters, the orders table (cards on narrow screens), exports, and for staff who process
 * orders the bulk changes on the selected rows. Tab, filters, search, page and page size live in the URL.
 */
export function OrdersListPage() {
  const { t } = useTranslation('orders')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const rights = { write: can(roles, 'orders.write'), process: can(roles, 'orders.process') }
  const countryName = useCountryName()
  const { state, set, reset } = useUrlState(listDefaults, listStateOptions)
  const tabsId = useId()

  const list = listBody(state, isStaff)
  const search = searchBody(state)
  const query = useOrderList(list, search)
  const rows = query.data?.list ?? []
  const counts = useMemo(() => {
    const byTab = tabCounts(query.data?.totals ?? [])
    // A broad search counted its first matches only: All says "10,000+", not the matches it counted.
    if (query.data?.totalCapped) byTab.set(ALL_TAB, query.data.total)
    return byTab
  }, [query.data])

  // The selection survives paging (bulk changes across pages) and ends with a new filter or search.
  const [selected, setSelected] = useState<Map<string, OrderListItem>>(new Map())
  const filterKey = JSON.stringify({ ...state, page: 0, pageSize: 0, more: false })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when the filters change.
  useEffect(() => setSelected(new Map()), [filterKey])
  const addToSelection = (orders: readonly OrderListItem[]) =>
    setSelected((current) => new Map([...current, ...orders.map((o) => [o._id, o] as const)]))
  const onSelectionChange = (keys: string[]) => {
    // The table reports the keys of this page; rows picked on other pages stay picked.
    const next = new Map([...selected].filter(([id]) => !rows.some((r) => r._id === id)))
    for (const row of rows) if (keys.includes(row._id)) next.set(row._id, row)
    setSelected(next)
  }

  const [request, setRequest] = useState<OrderActionRequest | null>(null)
  const [inputOpen, setInputOpen] = useState(false)
  const canChangeStatus = rights.write || rights.process
  const openAction = (action: OrderAction) => setRequest({ action, orders: [...selected.values()] })
  const waveWarehouse = waveWarehouseOf([...selected.values()])
  const releaseWave = useReleaseWave(() => setSelected(new Map()))

  const offset = state.pageSize ? (state.page - 1) * state.pageSize : 0
  const columns = orderListColumns(t, {
    offset,
    countryName,
    dateField: state.dates,
    onChangeStatus: canChangeStatus
      ? (order) => setRequest({ action: 'status', orders: [order] })
      : undefined,
  })

  const onSearch = (term: string) => {
    if (term === '') {
      if (state.q) set(clearSearchChange)
      return
    }
    // A search lists every status: the All tab shows, with the search's totals.
    set({ q: term, status: ALL_TAB })
  }

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <>
            <Button onClick={() => setInputOpen(true)}>{t('input.open')}</Button>
            <OrderExportMenu
              body={exportBody(
                state,
                isStaff,
                [...selected.keys()],
                rows.map((r) => r._id),
              )}
            />
            {rights.write && (
              <Link to="/orders/create/new">
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('list.create')}
                </Button>
              </Link>
            )}
          </>
        }
      />
      <OrderFilters
        state={state}
        isStaff={isStaff}
        onFilter={(patch) => set(patch)}
        onSearch={onSearch}
        onReset={reset}
      />
      {search && (
        <Typography.Paragraph type="secondary" data-testid="search-note" style={{ marginBottom: 8 }}>
          {t('search.showing', { term: search.searchTerm })}
        </Typography.Paragraph>
      )}
      <StatusTabs
        idBase={tabsId}
        active={state.status}
        counts={counts}
        allCapped={query.data?.totalCapped === true}
        onChange={(tab) => set(tabChange(state, tab))}
      />
      {selected.size > 0 && (
        <Flex wrap gap="small" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong data-testid="selected-count">
            {t('bulk.selected', { count: selected.size })}
          </Typography.Text>
          {rights.process && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'status', label: t('actions.changeStatus') },
                  { key: 'warehouse', label: t('actions.warehouse') },
                  { key: 'user', label: t('actions.assignUser') },
                  { key: 'courier', label: t('actions.assignCourier') },
                  {
                    key: 'wave',
                    label: waveWarehouse ? t('actions.releaseWave') : t('actions.releaseWaveNeeds'),
                    disabled: !waveWarehouse || releaseWave.isPending,
                  },
                ],
                onClick: ({ key }) =>
                  key === 'wave'
                    ? waveWarehouse &&
                      releaseWave.mutate({ warehouse: waveWarehouse, orders: [...selected.keys()] })
                    : openAction(key as OrderAction),
              }}
            >
              <Button type="primary" size="small">
                {t('bulk.actions')}
              </Button>
            </Dropdown>
          )}
          <Button type="link" size="small" onClick={() => setSelected(new Map())}>
            {t('bulk.clear')}
          </Button>
        </Flex>
      )}
      <div {...statusPanelProps(tabsId, state.status, t(`status.${state.status as OrderStatus}`))}>
        {query.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('list.networkError')}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
                {t('list.retry')}
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
        )}
        <DataTable
          aria-label={t('list.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r._id}
          loading={query.isFetching}
          emptyText={t('list.empty')}
          page={state.page}
          pageSize={state.pageSize}
          total={query.data?.total ?? 0}
          totalCapped={query.data?.totalCapped}
          pageSizeOptions={defaultPageSizes}
          onPageChange={(page, pageSize) => set({ page, pageSize }, { push: true })}
          selection={{ selectedKeys: [...selected.keys()], onChange: onSelectionChange }}
          size="small"
          fit
        />
      </div>
      <OrderActionModals
        request={request}
        rights={rights}
        onClose={() => setRequest(null)}
        onDone={() => setSelected(new Map())}
      />
      {inputOpen && <SelectOrdersModal onSelect={addToSelection} onClose={() => setInputOpen(false)} />}
    </>
  )
}
