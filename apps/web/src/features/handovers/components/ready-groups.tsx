import { type HandoverReadyGroup, handoverCode } from '@expedo/domain'
import { Alert, Button, Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useCreateHandover, useReadyGroups } from '../api/handovers-api'
import { CodTotals, Weight } from './handover-amounts'

const groupKey = (g: HandoverReadyGroup) => `${g.warehouse._id}:${g.courier._id}`

/**
 * The parcels waiting for a courier, per warehouse × courier (orders, boxes, weight, COD), each with
 * "Create handover": every ready order of the group goes on a new manifest and the page opens it.
 */
export function ReadyGroups({ warehouse }: { warehouse: string }) {
  const { t } = useTranslation('handovers')
  const navigate = useNavigate()
  const ready = useReadyGroups(warehouse)
  const create = useCreateHandover()
  const creating = create.isPending ? `${create.variables.warehouse}:${create.variables.courier}` : ''
  const handleCreate = (g: HandoverReadyGroup) =>
    create.mutate(
      { warehouse: g.warehouse._id, courier: g.courier._id },
      {
        onSuccess: ({ handover }) => {
          notificationsStore.push(
            'success',
            t('ready.created', { code: handoverCode(handover.number), count: handover.orders }),
            5000,
          )
          navigate(`/warehouse/handover/${handover._id}`)
        },
      },
    )
  const columns: DataTableColumn<HandoverReadyGroup>[] = [
    { key: 'courier', title: t('columns.courier'), isCardTitle: true, render: (_, g) => g.courier.name },
    { key: 'warehouse', title: t('columns.warehouse'), render: (_, g) => g.warehouse.name },
    { key: 'orders', title: t('columns.orders'), align: 'right', width: 120, render: (_, g) => g.orders },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', width: 70, render: (_, g) => g.parcels },
    {
      key: 'weight',
      title: t('columns.weight'),
      align: 'right',
      width: 95,
      render: (_, g) => <Weight grams={g.weightGrams} />,
    },
    {
      key: 'cod',
      title: t('columns.cod'),
      align: 'right',
      width: 130,
      render: (_, g) => <CodTotals cod={g.cod} />,
    },
    {
      key: 'create',
      title: t('columns.actions'),
      width: 175,
      render: (_, g) => (
        <Button
          type="primary"
          loading={creating === groupKey(g)}
          disabled={create.isPending && creating !== groupKey(g)}
          onClick={() => handleCreate(g)}
          aria-label={`${t('ready.create')}: ${g.courier.name}, ${g.warehouse.name}`}
        >
          {t('ready.create')}
        </Button>
      ),
    },
  ]
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('ready.title')}</h2>}
      style={{ marginBottom: 16 }}
    >
      {ready.isError ? (
        <Alert type="error" showIcon title={t('ready.loadFailed')} description={errorMessage(ready.error)} />
      ) : (
        <DataTable
          fit
          aria-label={t('ready.title')}
          columns={columns}
          rows={ready.data ?? []}
          rowKey={groupKey}
          loading={ready.isLoading}
          emptyText={t('ready.empty')}
          size="small"
        />
      )}
    </Card>
  )
}
