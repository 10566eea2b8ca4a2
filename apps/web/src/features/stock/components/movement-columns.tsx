import type { StockMovement } from '@expedo/domain'
import { Typography } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { EllipsisText, fitContent } from '@/components/table-cells'

/**
 * Columns of the movement ledger: newest first, balances after each movement. Dates, triggers and numbers
 * take their own width, the description the rest; texts that do not fit end in '…'.
 */
export function movementColumns(t: TFunction<'stock'>): DataTableColumn<StockMovement>[] {
  return [
    {
      key: 'date',
      title: t('movements.columns.date'),
      isCardTitle: true,
      ...fitContent,
      render: (_, m) => <DateText value={m.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'description',
      title: t('movements.columns.description'),
      render: (_, m) => <EllipsisText text={m.description || '—'} />,
    },
    {
      key: 'triggredBy',
      title: t('movements.columns.triggredBy'),
      ...fitContent,
      // The location under the trigger: no extra column, so the ledger keeps its width.
      render: (_, m) => (
        <>
          <span>{t(`movements.triggers.${m.triggredBy}`)}</span>
          {m.location && (
            <Typography.Text
              type="secondary"
              style={{ display: 'block' }}
              title={t('movements.columns.location')}
            >
              {m.location.code}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'source',
      title: t('movements.columns.source'),
      width: 120,
      render: (_, m) => {
        const nr = m.actionSource?.clientOrderNr
        if (!nr) return '—'
        return (
          <EllipsisText text={nr}>
            {m.actionSource && m.triggredBy === 'Inboundshipment' ? (
              <Link to={`/shipments/inbound/${m.actionSource._id}`}>{nr}</Link>
            ) : m.actionSource && m.triggredBy === 'Return' ? (
              <Link to={`/parcels/inbound/${m.actionSource._id}`}>{nr}</Link>
            ) : (
              nr
            )}
          </EllipsisText>
        )
      },
    },
    {
      key: 'quantity',
      title: t('movements.columns.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'damaged',
      title: t('movements.columns.damaged'),
      dataIndex: 'quantity_damaged',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'available',
      title: t('movements.columns.available'),
      dataIndex: 'quantity_available',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'total',
      title: t('movements.columns.total'),
      dataIndex: 'total_after',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'warehouse',
      title: t('movements.columns.warehouse'),
      width: 130,
      render: (_, m) => <EllipsisText text={m.warehouse} />,
    },
  ]
}
