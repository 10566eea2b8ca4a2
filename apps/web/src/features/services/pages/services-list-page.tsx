import { SERVICES_PAGE_SIZE, type Service, type ServiceStatus, serviceStatuses } from '@expedo/domain'
import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { ListPage, listErrorText, StatusFilter } from '@/components/list-page'
import { Money } from '@/components/money'
import { defaultPageSizes } from '@/components/page-sizes'
import { useServiceText } from '@/components/service-name'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useRunningBill, useServiceList } from '../api/services-api'
import { RunningBillCard } from '../components/running-bill-card'
import { BillCell, serviceDetail, TriggerCell } from '../components/service-cells'

const ISO_DAY = 'YYYY-MM-DD'
/** 10 to 50 a page (the list answers at most 1000 a page: no 'All'). */
const pageSizes = defaultPageSizes.filter((size) => size !== 0)
const monthStart = () => dayjs().startOf('month').format(ISO_DAY)
const defaults = {
  from: monthStart(),
  to: dayjs().format(ISO_DAY),
  status: 'all' as ServiceStatus,
  client: '',
  page: 1,
  pageSize: SERVICES_PAGE_SIZE,
}

/**
 * /billing/services (spec part 2 "Services list"): date range and status (Billed, Not billed, All) in the
 * URL, staff also a business client; description, trigger (a link to its order or inbound shipment),
 * amount, created at and the bill (a link when billed, else 'pending'); a client sees its running bill
 * on top. Cards at phone width.
 */
export function ServicesListPage() {
  const { t } = useTranslation('services')
  const service = useServiceText()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const isStaff = isStaffRole(roles)
  const { state, set, reset } = useUrlState(defaults, {
    allowed: { pageSize: pageSizes, status: serviceStatuses },
  })
  const list = useServiceList({
    dateFrom: state.from || undefined,
    dateTo: state.to || undefined,
    status: state.status,
    businessclient: isStaff && state.client ? state.client : undefined,
    itemsPerPage: state.pageSize,
    currentPage: state.page,
  })
  const running = useRunningBill(!isStaff)
  const rows = list.data?.list ?? []
  const total = list.data?.total ?? 0
  const columns: DataTableColumn<Service>[] = [
    {
      key: 'description',
      title: t('columns.description'),
      isCardTitle: true,
      render: (_, s) => (
        <span>
          <strong>{service.name(s.serviceType.name)}</strong>
          {s.quantity !== 1 && ` × ${s.quantity}`}
          {serviceDetail(s) && <div style={{ color: 'rgba(0,0,0,0.55)' }}>{serviceDetail(s)}</div>}
        </span>
      ),
    },
    { key: 'trigger', title: t('columns.trigger'), render: (_, s) => <TriggerCell service={s} /> },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            render: (_: unknown, s: Service) => s.businessclient.name,
          },
        ]
      : []),
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      render: (_, s) => <Money amount={s.amount} currency={s.currency} />,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      render: (_, s) => <DateText value={s.createdAt} format="DD-MM-YY HH:mm" />,
    },
    { key: 'bill', title: t('columns.bill'), render: (_, s) => <BillCell service={s} /> },
  ]
  const filtered = state.status !== defaults.status || state.client !== ''
  return (
    <ListPage<Service>
      title={t('list.title')}
      actions={
        can(roles, 'rates.read') ? <Link to="/billing/ratecards">{t('list.ratecards')}</Link> : undefined
      }
      intro={
        !isStaff && (
          <RunningBillCard
            bill={running.data}
            loading={running.isLoading}
            error={running.error}
            onDrillDown={() =>
              set({
                status: 'notbilled',
                from: running.data?.periodStart ?? monthStart(),
                to: dayjs().format(ISO_DAY),
              })
            }
          />
        )
      }
      url={{ state, set, reset }}
      canReset={filtered || state.from !== defaults.from || state.to !== defaults.to}
      clientFilter={isStaff && { label: t('filters.client'), placeholder: t('filters.anyClient') }}
      dateRange={{ from: t('filters.from'), to: t('filters.to') }}
      filters={
        <StatusFilter<ServiceStatus>
          label={t('filters.status')}
          value={state.status}
          onChange={(status) => set({ status: status || defaults.status })}
          statuses={serviceStatuses}
          statusLabel={(value) => t(`status.${value}`)}
          width={150}
        />
      }
      error={list.error ? listErrorText(list.error) : null}
      pager={{ total, sizes: pageSizes, shown: total > SERVICES_PAGE_SIZE }}
      table={{
        columns,
        rows,
        rowKey: (s) => s._id,
        loading: list.isLoading,
        emptyText: t('list.empty'),
      }}
    />
  )
}
