import { can } from '@expedo/domain/auth/permissions'
import { Card, Descriptions, Flex, Result, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { DataTable } from '@/components/data-table'
import { PageHeader } from '@/components/page-header'
import { defaultPageSizes } from '@/components/page-sizes'
import { useSession } from '@/lib/session'
import { useStockCards, useStockMovements } from '../api/use-stock-card'
import { AdjustStockButton } from '../components/adjust-stock-button'
import { movementColumns } from '../components/movement-columns'

const toInt = (v: string | undefined, fallback: number) => {
  const n = Number(v)
  return Number.isInteger(n) && n >= 0 ? n : fallback
}

/** /:warehouse_id/inventory/:sku/movement/:skip/:limit: the card(s) and their movements, paged in the URL. */
export function MovementsPage() {
  const { t } = useTranslation('stock')
  const navigate = useNavigate()
  const params = useParams()
  const warehouse = params.warehouse_id ?? ''
  const sku = params.sku ?? ''
  const skip = toInt(params.skip, 0)
  const limit = Math.min(Math.max(toInt(params.limit, 10), 1), 500)
  const { currentUser } = useSession()
  const canAdjust = can(currentUser?.roles ?? [], 'stock.adjust')
  const cards = useStockCards(warehouse, sku)
  const movements = useStockMovements(warehouse, sku, skip, limit)
  const go = (page: number, pageSize: number) =>
    navigate(
      `/${warehouse}/inventory/${encodeURIComponent(sku)}/movement/${(page - 1) * pageSize}/${pageSize}`,
    )

  if (cards.isError) {
    return (
      <Result
        status="404"
        title={t('movements.notFound')}
        extra={<a href="/warehouse">{t('movements.back')}</a>}
      />
    )
  }
  return (
    <>
      <PageHeader
        title={t('movements.title')}
        subtitle={cards.data?.[0] && t('movements.card', { sku, warehouse: cards.data[0].warehouse.name })}
        backTo="/warehouse"
        backLabel={t('movements.back')}
      />
      {!cards.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="small" style={{ marginBottom: 16 }}>
          {cards.data.map((card) => (
            <Card key={card._id} size="small" extra={canAdjust && <AdjustStockButton card={card} />}>
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, md: 4 }}
                items={[
                  {
                    key: 'product',
                    label: t('columns.product'),
                    children: card.product_details?.name ?? '—',
                  },
                  { key: 'client', label: t('columns.businessclient'), children: card.businessclient.name },
                  {
                    key: 'available',
                    label: t('columns.available'),
                    children: <span data-testid="card-available">{card.available}</span>,
                  },
                  { key: 'blocked', label: t('columns.blocked'), children: card.blocked },
                  {
                    key: 'total',
                    label: t('columns.total'),
                    children: <span data-testid="card-total">{card.total}</span>,
                  },
                  { key: 'position', label: t('movements.position'), children: card.inhouse_position || '—' },
                ]}
              />
            </Card>
          ))}
        </Flex>
      )}
      <DataTable
        aria-label={t('movements.title')}
        columns={movementColumns(t)}
        rows={movements.data?.list ?? []}
        rowKey={(m) => m._id}
        loading={movements.isFetching}
        emptyText={t('movements.empty')}
        page={Math.floor(skip / limit) + 1}
        pageSize={limit}
        total={movements.data?.total ?? 0}
        totalCapped={movements.data?.totalCapped}
        pageSizeOptions={defaultPageSizes.filter((s) => s !== 0)}
        onPageChange={go}
      />
    </>
  )
}
