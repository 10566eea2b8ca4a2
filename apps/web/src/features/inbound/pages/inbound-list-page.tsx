import { endpoints } from '@expedo/domain'
import { can, isStaff } from '@expedo/domain/auth/permissions'
import { Button, DatePicker, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { ExportButton } from '@/components/export-button'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { shipmentPageSizes } from '@/components/page-sizes'
import { breakpoints, useIsNarrow } from '@/components/use-media-query'
import { downloadExport } from '@/lib/download-export'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useWarehouses } from '@/lib/use-warehouses'
import { useClientOptions, useInboundList } from '../api/inbound-api'
import { inboundColumns } from '../components/inbound-columns'

const defaults = {
  page: 1,
  pageSize: 10,
  status: '',
  warehouse: '',
  businessclient: '',
  dateFrom: '',
  dateTo: '',
}

/** /shipments/inbound: filters, export, paging (2 per page on phones), cards below 700 px. */
export function InboundListPage() {
  const { t } = useTranslation('inbound')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const staff = isStaff(roles)
  const narrow = useIsNarrow(breakpoints.shipments)
  const { state, set, reset } = useUrlState(defaults, { allowed: { status: ['', 'New', 'Processed'] } })
  const warehouses = useWarehouses()
  const clients = useClientOptions(staff)
  const pageSize = narrow && state.pageSize === 10 ? 2 : state.pageSize
  const filters = {
    ...(state.status ? { status: state.status as 'New' | 'Processed' } : {}),
    ...(state.warehouse ? { warehouse: state.warehouse } : {}),
    ...(state.businessclient ? { businessclient: state.businessclient } : {}),
    ...(state.dateFrom ? { dateFrom: dayjs(state.dateFrom).startOf('day').toISOString() } : {}),
    ...(state.dateTo ? { dateTo: dayjs(state.dateTo).endOf('day').toISOString() } : {}),
  }
  const { data, isFetching } = useInboundList({ filters, itemsPerPage: pageSize, currentPage: state.page })
  const day = (v: string) => (v ? dayjs(v) : null)

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <>
            <ExportButton
              onExport={async (signal) =>
                data?.total === 0
                  ? { empty: true }
                  : downloadExport(endpoints.inbound.export, { filters }, signal)
              }
            >
              {t('list.export')}
            </ExportButton>
            <Link to="/shipments/inbound/lists/unpaired">
              <Button>{t('list.unpaired')}</Button>
            </Link>
            {can(roles, 'inbound.receive') && (
              <Link to="/shipments/inbound/create/new">
                <Button type="primary">{t('list.create')}</Button>
              </Link>
            )}
          </>
        }
      />
      <FilterBar onReset={reset}>
        <FilterField label={t('list.status')}>
          <Select
            allowClear
            aria-label={t('list.status')}
            placeholder={t('list.anyStatus')}
            value={state.status || undefined}
            onChange={(status) => set({ status: status ?? '' })}
            options={['New', 'Processed'].map((s) => ({ value: s, label: t(`status.${s}` as 'status.New') }))}
          />
        </FilterField>
        <FilterField label={t('list.warehouse')}>
          <Select
            allowClear
            aria-label={t('list.warehouse')}
            placeholder={t('list.anyWarehouse')}
            value={state.warehouse || undefined}
            onChange={(warehouse) => set({ warehouse: warehouse ?? '' })}
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          />
        </FilterField>
        {staff && (
          <FilterField label={t('list.client')} width={200}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('list.client')}
              placeholder={t('list.anyClient')}
              value={state.businessclient || undefined}
              onChange={(businessclient) => set({ businessclient: businessclient ?? '' })}
              options={(clients.data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
            />
          </FilterField>
        )}
        <FilterField label={t('list.dateFrom')}>
          <DatePicker
            format={PICKER_DATE_FORMAT}
            aria-label={t('list.dateFrom')}
            placeholder={t('list.fromDate')}
            value={day(state.dateFrom)}
            onChange={(d) => set({ dateFrom: d ? d.format('YYYY-MM-DD') : '' })}
          />
        </FilterField>
        <FilterField label={t('list.dateTo')}>
          <DatePicker
            format={PICKER_DATE_FORMAT}
            aria-label={t('list.dateTo')}
            placeholder={t('list.toDate')}
            value={day(state.dateTo)}
            onChange={(d) => set({ dateTo: d ? d.format('YYYY-MM-DD') : '' })}
          />
        </FilterField>
      </FilterBar>
      <DataTable
        aria-label={t('list.title')}
        columns={inboundColumns(t, { showClient: staff })}
        rows={data?.list ?? []}
        rowKey={(s) => s._id}
        loading={isFetching}
        emptyText={t('list.empty')}
        page={state.page}
        pageSize={pageSize}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        pageSizeOptions={narrow ? [2, ...shipmentPageSizes] : shipmentPageSizes}
        onPageChange={(page, size) => set({ page, pageSize: size }, { push: true })}
        breakpoint={breakpoints.shipments}
      />
    </>
  )
}
