import type { StockMovement } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'

/** Columns of the movement ledger: newest first, balances after each movement. */
export function movementColumns(t: TFunction<'stock'>): DataTableColumn<StockMovement>[] {
  return [
    {
      key: 'date',
      title: t('movements.columns.date'),
      isCardTitle: true,
      render: (_, m) => <DateText value={m.createdAt} format="DD-MM-YY HH:mm" />,
    },
    { key: 'description', title: t('movements.columns.description'), dataIndex: 'description' },
    {
      key: 'triggredBy',
      title: t('movements.columns.triggredBy'),
      render: (_, m) => t(`movements.triggers.${m.triggredBy}`),
    },
    {
      key: 'source',
      title: t('movements.columns.source'),
      render: (_, m) =>
        m.actionSource && m.triggredBy === 'Inboundshipment' ? (
          <Link to={`/shipments/inbound/${m.actionSource._id}`}>{m.actionSource.clientOrderNr}</Link>
        ) : (
          (m.actionSource?.clientOrderNr ?? '—')
        ),
    },
    { key: 'quantity', title: t('movements.columns.quantity'), dataIndex: 'quantity', align: 'right' },
    { key: 'damaged', title: t('movements.columns.damaged'), dataIndex: 'quantity_damaged', align: 'right' },
    {
      key: 'available',
      title: t('movements.columns.available'),
      dataIndex: 'quantity_available',
      align: 'right',
    },
    { key: 'total', title: t('movements.columns.total'), dataIndex: 'total_after', align: 'right' },
    { key: 'warehouse', title: t('movements.columns.warehouse'), dataIndex: 'warehouse' },
  ]
}
