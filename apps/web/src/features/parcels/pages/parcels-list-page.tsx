import { type InboundParcel, PARCELS_PAGE_SIZE, parcelPageSizes, parcelStatuses } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, Button, Input, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { BusinessClientFilter } from '@/components/business-client-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateRangeFilter } from '@/components/date-range-filter'
import { DateText } from '@/components/date-text'
import { FilterBar, FilterField } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useParcelList } from '../api/parcels-api'
import { ParcelStatusTag } from '../components/parcel-status-tag'
import { RegisterParcelModal } from '../components/register-parcel-modal'

const defaults = { q: '', status: '', client: '', from: '', to: '', page: 1, pageSize: PARCELS_PAGE_SIZE }

/**
 * /parcels/inbound (issue 12 "Returned parcels"): search, status, business client (staff) and dates in the
 * URL, newest first with paging, cards at phone width; operators register a parcel from here.
 */
export function ParcelsListPage() {
  const { t } = useTranslation('parcels')
  const navigate = useNavigate()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const [registering, setRegistering] = useState(false)
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { pageSize: parcelPageSizes, status: ['', ...parcelStatuses] },
  })
  const list = useParcelList({
    searchTerm: state.q || undefined,
    status: (state.status || undefined) as InboundParcel['status'] | undefined,
    businessclient: isStaff && state.client ? state.client : undefined,
    dateFrom: state.from || undefined,
    dateTo: state.to || undefined,
    currentPage: state.page,
    itemsPerPage: state.pageSize,
  })
  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  const columns: DataTableColumn<InboundParcel>[] = [
    {
      key: 'parcelNr',
      title: t('columns.parcelNr'),
      isCardTitle: true,
      width: 110,
      render: (_, p) => <Link to={`/parcels/inbound/${p._id}`}>{p.parcelNr}</Link>,
    },
    {
      key: 'order',
      title: t('columns.order'),
      render: (_, p) => (
        <Link to={`/orders/${p.order._id}`}>{p.order.clientOrderNr || p.order._id.slice(-9)}</Link>
      ),
    },
    { key: 'trackingId', title: t('columns.trackingId'), render: (_, p) => p.trackingId || '—' },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, p: InboundParcel) => p.businessclient.name,
          },
        ]
      : []),
    { key: 'warehouse', title: t('columns.warehouse'), render: (_, p) => p.warehouse.name },
    {
      key: 'condition',
      title: t('columns.condition'),
      width: 110,
      render: (_, p) => t(`condition.${p.condition}`),
    },
    { key: 'units', title: t('columns.units'), width: 70, align: 'right', dataIndex: 'units' },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      width: 130,
      render: (_, p) => <DateText value={p.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 110,
      render: (_, p) => <ParcelStatusTag status={p.status} />,
    },
  ]
  const filtered =
    state.q !== '' || state.status !== '' || state.client !== '' || state.from !== '' || state.to !== ''
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          can(roles, 'parcels.write') && (
            <Button type="primary" onClick={() => setRegistering(true)}>
              {t('list.register')}
            </Button>
          )
        }
      />
      <FilterBar onReset={reset} canReset={filtered}>
        <FilterField label={t('list.search')} width={220}>
          <Input.Search
            key={state.q}
            aria-label={t('list.search')}
            placeholder={t('list.searchHint')}
            allowClear
            defaultValue={state.q}
            onSearch={(value) => set({ q: value.trim() })}
          />
        </FilterField>
        <FilterField label={t('list.status')} width={150}>
          <Select
            aria-label={t('list.status')}
            value={state.status}
            onChange={(status: string) => set({ status })}
            options={[
              { value: '', label: t('list.anyStatus') },
              ...parcelStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </FilterField>
        {isStaff && (
          <BusinessClientFilter
            label={t('list.client')}
            placeholder={t('list.anyClient')}
            value={state.client}
            onChange={(client) => set({ client })}
          />
        )}
        <DateRangeFilter
          labels={{ from: t('list.from'), to: t('list.to') }}
          from={state.from}
          to={state.to}
          onChange={set}
        />
      </FilterBar>
      {list.error ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} />
      ) : (
        <DataTable<InboundParcel>
          aria-label={t('list.title')}
          columns={columns}
          rows={rows}
          rowKey={(p) => p._id}
          loading={list.isLoading}
          emptyText={t('list.empty')}
          page={state.page}
          pageSize={state.pageSize}
          pageSizeOptions={parcelPageSizes}
          total={total}
          totalCapped={list.data?.totalCapped}
          onPageChange={(page, pageSize) => set({ page, pageSize }, { push: true })}
          fit
        />
      )}
      {registering && (
        <RegisterParcelModal
          onClose={() => setRegistering(false)}
          onRegistered={(parcel) => navigate(`/parcels/inbound/${parcel._id}`)}
        />
      )}
    </>
  )
}
