import type { EndpointResponse, endpoints } from '@expedo/domain'
import { can, isStaff } from '@expedo/domain/auth/permissions'
import { Button, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { FilterBar } from '@/components/filter-bar'
import { defaultPageSizes } from '@/components/page-sizes'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useSession } from '@/lib/session'
import { useUrlState } from '@/lib/use-url-state'
import { useGroups } from '../api/use-groups'

type Row = EndpointResponse<typeof endpoints.productGroups.list>['list'][number]
const defaults = { gsearch: '', page: 1, pageSize: 10 }

/** The group tab of the product list: search, paging, a link to each group. */
export function GroupListTab() {
  const { t } = useTranslation('product-groups')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const { state, set } = useUrlState(defaults)
  const { data, isFetching } = useGroups({
    currentPage: state.page,
    itemsPerPage: state.pageSize,
    ...(state.gsearch ? { searchTerm: state.gsearch } : {}),
  })
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      title: t('list.name'),
      isCardTitle: true,
      render: (_, g) => (
        <EllipsisText text={g.name}>
          <Link to={`/productgroup/${g._id}`}>{g.name}</Link>
        </EllipsisText>
      ),
    },
    ...(isStaff(roles)
      ? [
          {
            key: 'client',
            title: t('list.client'),
            width: 220,
            render: (_: unknown, g: Row) => <EllipsisText text={g.businessclient.name} />,
          },
        ]
      : []),
    { key: 'products', title: t('list.products'), dataIndex: 'productsCount', align: 'right', ...fitContent },
    {
      key: 'updated',
      title: t('list.updated'),
      ...fitContent,
      render: (_, g) => <DateText value={g.updatedAt} />,
    },
  ]
  return (
    <>
      <FilterBar
        actions={
          can(roles, 'products.write') && (
            <Link to="/productgroup/create/new">
              <Button type="primary">{t('list.add')}</Button>
            </Link>
          )
        }
      >
        <Input.Search
          allowClear
          defaultValue={state.gsearch}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          style={{ maxWidth: 360 }}
          onChange={(e) => {
            const v = e.target.value.trim()
            if (v.length > 2 || v === '') set({ gsearch: v })
          }}
        />
      </FilterBar>
      <DataTable
        aria-label={t('list.products')}
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(g) => g._id}
        loading={isFetching}
        emptyText={t('list.empty')}
        page={state.page}
        pageSize={state.pageSize}
        total={data?.total ?? 0}
        pageSizeOptions={defaultPageSizes}
        onPageChange={(page, pageSize) => set({ page, pageSize }, { push: true })}
      />
    </>
  )
}
