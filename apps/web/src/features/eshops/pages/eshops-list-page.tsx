import type { Eshop } from '@expedo/domain'
import { isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Alert, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BusinessClientFilter } from '@/components/business-client-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { FilterBar } from '@/components/filter-bar'
import { PageHeader } from '@/components/page-header'
import { EllipsisText } from '@/components/table-cells'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useEshopList } from '../api/eshops-api'
import { ConnectionStatusTag } from '../components/connection-status-tag'

const defaults = { client: '' }

/** The shop's address as people say it: no scheme, no trailing slash (the link's name keeps it whole). */
const shortUrl = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

/**
 * /eshops: the caller's e-shop connections (staff: all, filtered by business client in the URL) with their
 * status, order import, last sync and last error; each opens its settings. Cards at phone width.
 */
export function EshopsListPage() {
  const { t } = useTranslation('eshops')
  const { currentUser } = useSession()
  const isStaff = isStaffRole(currentUser?.roles ?? [])
  const { state, set, reset } = useUrlState(defaults)
  const list = useEshopList({ businessclient: isStaff && state.client ? state.client : undefined })
  const rows = list.data ?? []

  const columns: DataTableColumn<Eshop>[] = [
    {
      key: 'eshopUrl',
      title: t('columns.eshopUrl'),
      isCardTitle: true,
      render: (_, e) => (
        <Link to={`/eshops/shoptet/${e._id}`} aria-label={t('list.settings', { eshop: e.eshopUrl })}>
          <EllipsisText text={shortUrl(e.eshopUrl)} />
        </Link>
      ),
    },
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            width: 170,
            render: (_: unknown, e: Eshop) => <EllipsisText text={e.businessclientName} />,
          },
        ]
      : []),
    {
      key: 'status',
      title: t('columns.status'),
      width: 100,
      render: (_, e) => <ConnectionStatusTag status={e.status} />,
    },
    {
      key: 'orderImport',
      title: t('columns.orderImport'),
      width: 110,
      render: (_, e) => (
        <Tag color={e.shoptet_settings.import_orders_enabled ? 'blue' : 'default'}>
          {t(e.shoptet_settings.import_orders_enabled ? 'onOff.on' : 'onOff.off')}
        </Tag>
      ),
    },
    {
      key: 'lastSync',
      title: t('columns.lastSync'),
      width: 130,
      render: (_, e) => <DateText value={e.lastSyncAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'lastError',
      title: t('columns.lastError'),
      width: 190,
      render: (_, e) =>
        e.lastError ? (
          <Typography.Text type="danger" style={{ display: 'block' }}>
            <EllipsisText text={e.lastError} />
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'invoicing',
      title: t('columns.invoicing'),
      width: 110,
      render: (_, e) => t(`invoicing.${e.shoptet_settings.invoicing}`),
    },
  ]

  return (
    <>
      <PageHeader title={t('list.title')} />
      {isStaff && (
        <FilterBar onReset={reset} canReset={state.client !== ''}>
          <BusinessClientFilter
            label={t('list.client')}
            placeholder={t('list.anyClient')}
            value={state.client}
            onChange={(client) => set({ client })}
          />
        </FilterBar>
      )}
      {list.error ? (
        <Alert type="error" showIcon title={errorMessage(list.error)} />
      ) : (
        <DataTable<Eshop>
          aria-label={t('list.title')}
          columns={columns}
          rows={rows}
          rowKey={(e) => e._id}
          loading={list.isLoading}
          emptyText={
            <>
              <Typography.Text strong style={{ display: 'block' }}>
                {t('list.empty')}
              </Typography.Text>
              <Typography.Text type="secondary">{t('list.emptyHint')}</Typography.Text>
            </>
          }
          fit
        />
      )}
    </>
  )
}
