import { endpoints, type StockTurnoverRow, TURNOVER_DAYS, TURNOVER_PAGE_SIZE } from '@expedo/domain'
import { isStaff } from '@expedo/domain/auth/permissions'
import { Card, Flex, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { BusinessClientSelect } from '@/components/business-client-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { ExportButton } from '@/components/export-button'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { formatNumber } from '@/components/money'
import { PageHeader } from '@/components/page-header'
import { ApiClientError } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { lazyComponent } from '@/lib/lazy-component'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { turnoverExportQuery, useStockTurnover } from '../api/use-stock-turnover'

/** Spec §9: days 7, 14 or 30, default 7; page size 10 (fixed). */
const defaults = { page: 1, days: 7, warehouse: '', client: '' }
const options = { allowed: { days: [...TURNOVER_DAYS] } }
/** ECharts in its own chunk, loaded when the page has rows to draw. */
const TurnoverChart = lazyComponent(() => import('../components/turnover-chart').then((m) => m.TurnoverChart))

/**
 * /reports/stockturnover — per product and warehouse: stock now, units shipped in the last 7, 14 or 30 days
 * and the days that stock lasts at that pace (∞ when nothing shipped). Filters in the URL; Excel export.
 */
export function StockTurnoverPage() {
  const { t, i18n } = useTranslation('reports')
  const { currentUser } = useSession()
  const staff = isStaff(currentUser?.roles ?? [])
  const { state, set, reset } = useUrlState(defaults, options)
  const filters = {
    days: state.days,
    warehouse: state.warehouse,
    businessclient: state.client,
    page: state.page,
  }
  const report = useStockTurnover(filters)
  const warehouses = useWarehouses()
  const rows = report.data?.list ?? []
  const columns: DataTableColumn<StockTurnoverRow>[] = [
    { key: 'sku', title: t('turnover.columns.sku'), dataIndex: 'product_sku', width: 160, ellipsis: true },
    {
      key: 'name',
      title: t('turnover.columns.name'),
      dataIndex: 'product_name',
      isCardTitle: true,
      ellipsis: true,
    },
    {
      key: 'warehouse',
      title: t('turnover.columns.warehouse'),
      dataIndex: 'warehouse_name',
      width: 180,
      ellipsis: true,
    },
    { key: 'stock', title: t('turnover.columns.stock'), dataIndex: 'stock', align: 'right', width: 110 },
    {
      key: 'turnover',
      title: t('turnover.columns.turnover', { count: state.days }),
      dataIndex: 'turnover',
      align: 'right',
      width: 150,
    },
    {
      key: 'days',
      title: t('turnover.columns.daysOfInventory'),
      align: 'right',
      width: 150,
      render: (_, r) =>
        r.days_of_inventory === null
          ? '∞'
          : formatNumber(r.days_of_inventory, i18n.language || 'cs', { min: 1, max: 1 }),
    },
  ]
  return (
    <>
      <PageHeader
        title={t('turnover.title')}
        subtitle={t('turnover.subtitle')}
        actions={
          <ExportButton
            onExport={async (signal) => {
              if (report.data?.total === 0) return { empty: true }
              try {
                const query = turnoverExportQuery(filters)
                return await fetchFile(endpoints.reports.exportStockTurnover, { query }, signal)
              } catch (e) {
                // 'No objects were found for export'
                if (e instanceof ApiClientError && e.status === 404) return { empty: true }
                throw e
              }
            }}
          >
            {t('turnover.export')}
          </ExportButton>
        }
      />
      <FilterBar
        onReset={reset}
        canReset={state.days !== defaults.days || state.warehouse !== '' || state.client !== ''}
      >
        <FilterField label={t('turnover.filters.warehouse')} width={220}>
          <Select
            aria-label={t('turnover.filters.warehouse')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('turnover.filters.anyWarehouse')}
            loading={warehouses.isLoading}
            value={state.warehouse || undefined}
            onChange={(value: string | undefined) => set({ warehouse: value ?? '' })}
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          />
        </FilterField>
        <FilterField label={t('turnover.filters.days')} width={140}>
          <Select
            aria-label={t('turnover.filters.days')}
            value={state.days}
            onChange={(days: number) => set({ days })}
            options={TURNOVER_DAYS.map((d) => ({
              value: d,
              label: t('turnover.filters.daysOption', { count: d }),
            }))}
          />
        </FilterField>
        {staff && (
          <FilterField label={t('turnover.filters.client')} width={220}>
            <BusinessClientSelect
              aria-label={t('turnover.filters.client')}
              placeholder={t('turnover.filters.anyClient')}
              value={state.client || undefined}
              onChange={(client) => set({ client: client ?? '' })}
            />
          </FilterField>
        )}
      </FilterBar>
      <Flex vertical gap="middle" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        {report.isError ? (
          <Card size="small">{t('turnover.failed')}</Card>
        ) : (
          rows.length > 0 && (
            <Card size="small" title={t('turnover.chart', { count: state.days })}>
              <TurnoverChart
                rows={rows}
                names={{ stock: t('turnover.columns.stock'), turnover: t('turnover.chartShipped') }}
                label={t('turnover.chartLabel', { count: state.days })}
              />
            </Card>
          )
        )}
        <DataTable<StockTurnoverRow>
          aria-label={t('turnover.title')}
          fit
          size="small"
          columns={columns}
          rows={rows}
          rowKey={(r) => r._id}
          loading={report.isLoading}
          emptyText={t('turnover.empty')}
          page={state.page}
          pageSize={TURNOVER_PAGE_SIZE}
          total={report.data?.total ?? 0}
          onPageChange={(page) => set({ page }, { push: true })}
        />
      </Flex>
    </>
  )
}
