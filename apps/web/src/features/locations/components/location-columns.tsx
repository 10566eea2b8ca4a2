import type { Location } from '@expedo/domain'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import type { DataTableColumn } from '@/components/data-table'
import { fitContent } from '@/components/table-cells'

/** Code, zone, aisle, rack, level, kind, pick order, state and what lies there. */
export function locationColumns(t: TFunction<'locations'>): DataTableColumn<Location>[] {
  return [
    {
      key: 'code',
      title: t('columns.code'),
      isCardTitle: true,
      render: (_, row) => <strong>{row.code}</strong>,
    },
    { key: 'zone', title: t('columns.zone'), ...fitContent, render: (_, row) => row.zone },
    { key: 'aisle', title: t('columns.aisle'), ...fitContent, render: (_, row) => row.aisle },
    { key: 'rack', title: t('columns.rack'), ...fitContent, render: (_, row) => row.rack },
    { key: 'level', title: t('columns.level'), ...fitContent, render: (_, row) => row.level },
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_, row) => (
        <Tag color={row.kind === 'receiving' ? 'gold' : row.kind === 'packing' ? 'purple' : 'blue'}>
          {t(`kinds.${row.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'pickOrder',
      title: t('columns.pickOrder'),
      align: 'right',
      ...fitContent,
      render: (_, row) => row.pickOrder,
    },
    {
      key: 'active',
      title: t('columns.active'),
      render: (_, row) => (row.active ? t('state.active') : <Tag>{t('state.inactive')}</Tag>),
    },
    {
      key: 'quantity',
      title: t('columns.quantity'),
      align: 'right',
      ...fitContent,
      render: (_, row) => row.quantity,
    },
  ]
}
