import { endpoints } from '@expedo/domain'
import { can, isStaff } from '@expedo/domain/auth/permissions'
import { Button, DatePicker, Input, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { ExportButton } from '@/components/export-button'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { defaultPageSizes } from '@/components/page-sizes'
import { downloadExport } from '@/lib/download-export'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useStocks, useStocksAtDate } from '../api/use-stocks'
import { ProductSearch } from '../components/product-search'
import { stockColumns } from '../components/stock-columns'
import { WarehouseSelect } from '../components/warehouse-select'

const defaults = { page: 1, pageSize: 10, sku: '', sort: '' }

/**
 * /warehouse: stock balances. Paging, page size, SKU search and sort live in the URL; the warehouse,
 * product and date filters are reset on load (spec §4 "Stock filters ... are reset on load").
 */
export function StockPage() {
  const { t } = useTranslation('stock')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const canCreateProduct = can(roles, 'products.write')
  const { state, set, reset } = useUrlState(defaults, { allowed: { sort: ['', 'ascend', 'descend'] } })
  const [warehouse, setWarehouse] = useState<string[]>([])
  const [product, setProduct] = useState<string[]>([])
  const [atDate, setAtDate] = useState<Dayjs | null>(null)
  const filters = { warehouse, product, sku: state.sku, businessclient: [] }
  const paging = { itemsPerPage: state.pageSize, currentPage: state.page }
  const sort =
    state.sort === 'ascend'
      ? { sortTotal: 1 as const }
      : state.sort === 'descend'
        ? { sortTotal: -1 as const }
        : {}
  const datedBody =
    atDate && warehouse.length
      ? { warehouse, products: product, sku: state.sku, atDate: atDate.endOf('day').toISOString(), ...paging }
      : null
  const current = useStocks({ filters, ...paging, ...sort }, datedBody === null)
  const dated = useStocksAtDate(datedBody)
  const data = datedBody ? dated.data : current.data
  const offset = state.pageSize ? (state.page - 1) * state.pageSize : 0
  const changeWarehouse = (value: string[]) => {
    setWarehouse(value)
    if (!value.length) setAtDate(null)
    set({ page: 1 })
  }

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <>
            <ExportButton
              // What the list shows: today's balances, or those at the beta 'date to' once it is set.
              onExport={async (signal) =>
                data?.total === 0
                  ? { empty: true }
                  : downloadExport(
                      endpoints.stock.exportStocks,
                      datedBody ? { filters, atDate: datedBody.atDate } : { filters },
                      signal,
                    )
              }
            >
              {t('list.export')}
            </ExportButton>
            {canCreateProduct && (
              <Link to="/products/create/new">
                <Button type="primary">{t('list.addProduct')}</Button>
              </Link>
            )}
          </>
        }
      />
      <FilterBar
        onReset={() => {
          setWarehouse([])
          setProduct([])
          setAtDate(null)
          reset()
        }}
      >
        <FilterField label={t('list.warehouse')} width={200}>
          <WarehouseSelect value={warehouse} onChange={changeWarehouse} />
        </FilterField>
        <FilterField label={t('list.product')} width={220}>
          <ProductSearch
            value={product}
            onChange={(v) => {
              setProduct(v)
              set({ page: 1 })
            }}
          />
        </FilterField>
        <FilterField label={t('list.sku')}>
          <Input.Search
            allowClear
            aria-label={t('list.sku')}
            placeholder={t('list.skuSearch')}
            defaultValue={state.sku}
            onSearch={(sku) => set({ sku: sku.trim() })}
          />
        </FilterField>
        <FilterField
          label={
            <>
              {t('list.dateTo')} <Tag color="purple">{t('list.beta')}</Tag>
            </>
          }
        >
          <DatePicker
            aria-label={t('list.dateTo')}
            format={PICKER_DATE_FORMAT}
            value={atDate}
            onChange={(d) => {
              setAtDate(d)
              set({ page: 1 })
            }}
            disabled={!warehouse.length}
            title={warehouse.length ? undefined : t('list.dateToHint')}
          />
        </FilterField>
      </FilterBar>
      {datedBody && (
        <Typography.Paragraph type="secondary">
          {t('list.atDate', { date: atDate!.format(PICKER_DATE_FORMAT) })}
        </Typography.Paragraph>
      )}
      {!datedBody && current.data && (
        <Typography.Paragraph type="secondary" data-testid="stock-totals">
          {t('list.totals', current.data.totals)}
        </Typography.Paragraph>
      )}
      <DataTable
        aria-label={t('list.title')}
        columns={stockColumns(t, { offset, sortable: !datedBody, showClient: isStaff(roles) })}
        rows={data?.list ?? []}
        rowKey={(r) => r._id}
        loading={datedBody ? dated.isFetching : current.isFetching}
        emptyText={t('list.empty')}
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total ?? 0}
        pageSizeOptions={defaultPageSizes}
        onPageChange={(page, pageSize) => set({ page, pageSize }, { push: true })}
        sort={state.sort ? { columnKey: 'total', order: state.sort as 'ascend' | 'descend' } : null}
        onSortChange={(s) => set({ sort: s?.order ?? '' })}
      />
    </>
  )
}
