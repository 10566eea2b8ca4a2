import { can, isStaff } from '@expedo/domain/auth/permissions'
import { App, Button, Flex, Segmented, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BusinessClientSelect } from '@/components/business-client-select'
import { DataTable } from '@/components/data-table'
import { FilterBar } from '@/components/filter-bar'
import { defaultPageSizes } from '@/components/page-sizes'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useBulkUpdateProducts } from '../api/use-bulk-update-products'
import { useProducts } from '../api/use-products'
import { productColumns } from './product-columns'
import { SearchInput } from './search-input'

const defaults = { search: '', page: 1, pageSize: 10, view: 'reduced', businessclient: [] as string[] }

/** The product tab: search, reduced or expanded view, paging kept in the URL, bulk allow or stop order import. */
export function ProductListTab() {
  const { t } = useTranslation('products')
  const { message } = App.useApp()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const staff = isStaff(roles)
  const canWrite = can(roles, 'products.write')
  const { state, set } = useUrlState(defaults, { allowed: { view: ['reduced', 'expanded'] } })
  const [selected, setSelected] = useState<string[]>([])
  const { data, isFetching } = useProducts({
    currentPage: state.page,
    itemsPerPage: state.pageSize,
    ...(state.search ? { searchTerm: state.search } : {}),
    ...(state.businessclient.length ? { businessclient: state.businessclient } : {}),
  })
  const bulk = useBulkUpdateProducts()
  const handleBulk = (allowImportOrders: boolean) =>
    bulk.mutate(
      { ids: selected, allowImportOrders },
      {
        onSuccess: ({ modified }) => {
          message.success(t('list.modified', { count: modified }))
          setSelected([])
        },
      },
    )
  const expanded = state.view === 'expanded'
  const offset = state.pageSize ? (state.page - 1) * state.pageSize : 0

  return (
    <>
      <FilterBar
        actions={
          canWrite && (
            <Link to="/products/create/new">
              <Button type="primary">{t('list.add')}</Button>
            </Link>
          )
        }
      >
        <SearchInput
          value={state.search}
          onSearch={(search) => set({ search })}
          placeholder={t('list.search')}
          title={t('list.searchHint')}
        />
        {staff && (
          <BusinessClientSelect
            aria-label={t('columns.client')}
            placeholder={t('fields.pickClient')}
            multiple
            value={state.businessclient}
            onChange={(v) => set({ businessclient: v ?? [] })}
          />
        )}
        <Segmented
          value={state.view}
          onChange={(view) => set({ view: String(view) }, { push: false })}
          options={[
            { value: 'reduced', label: t('list.reduced') },
            { value: 'expanded', label: t('list.expanded') },
          ]}
        />
      </FilterBar>
      {canWrite && selected.length > 0 && (
        <Flex wrap gap="small" align="center" style={{ marginBottom: 12 }}>
          <Typography.Text>{t('list.selected', { count: selected.length })}</Typography.Text>
          <Button onClick={() => handleBulk(true)} loading={bulk.isPending}>
            {t('list.allow')}
          </Button>
          <Button danger onClick={() => handleBulk(false)} loading={bulk.isPending}>
            {t('list.stop')}
          </Button>
        </Flex>
      )}
      <DataTable
        aria-label={t('list.title')}
        columns={productColumns(t, { expanded, offset, showClient: staff })}
        rows={data?.list ?? []}
        rowKey={(p) => p._id}
        loading={isFetching}
        emptyText={t('list.empty')}
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        pageSizeOptions={defaultPageSizes}
        onPageChange={(page, pageSize) => set({ page, pageSize }, { push: true })}
        selection={canWrite ? { selectedKeys: selected, onChange: setSelected } : undefined}
      />
    </>
  )
}
