import type { InboundShipment } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { inboundStatusColors, StatusTag } from '@/components/status-tag'
import { EllipsisText, fitContent } from '@/components/table-cells'

/** A shipment is shown by the last 9 characters of its id (spec §3). */
export const shortId = (id: string) => id.slice(-9)

export const statusLabel = (t: TFunction<'inbound'>, status: string) =>
  t(`status.${status}` as 'status.New', { defaultValue: status })

/**
 * Columns of the inbound list; a client user sees only its own shipments, so its list leaves out the Client
 * column. Id, date, status and numbers take their own width, the supplier the rest; names end in '…'.
 */
export function inboundColumns(
  t: TFunction<'inbound'>,
  options: { showClient: boolean },
): DataTableColumn<InboundShipment>[] {
  return [
    {
      key: 'id',
      title: t('columns.id'),
      isCardTitle: true,
      ...fitContent,
      render: (_, s) => <Link to={`/shipments/inbound/${s._id}`}>{shortId(s._id)}</Link>,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      ...fitContent,
      render: (_, s) => <DateText value={s.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      ...fitContent,
      render: (_, s) => (
        <StatusTag
          status={s.status}
          colors={{ ...inboundStatusColors, Processed: 'green' }}
          label={statusLabel(t, s.status)}
        />
      ),
    },
    ...(options.showClient
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            width: 150,
            render: (_: unknown, s: InboundShipment) => <EllipsisText text={s.businessclient.name} />,
          },
        ]
      : []),
    {
      key: 'warehouse',
      title: t('columns.warehouse'),
      width: 120,
      render: (_, s) => <EllipsisText text={s.warehouse.name} />,
    },
    {
      key: 'seller',
      title: t('columns.seller'),
      render: (_, s) => <EllipsisText text={s.seller?.name ?? '—'} />,
    },
    {
      key: 'transporter',
      title: t('columns.transporter'),
      width: 110,
      render: (_, s) => <EllipsisText text={s.transporter || '—'} />,
    },
    {
      key: 'packs',
      title: t('columns.nrOfPacks'),
      align: 'right',
      ...fitContent,
      render: (_, s) => s.nrOfPacks ?? '—',
    },
    { key: 'lines', title: t('columns.goodsCount'), dataIndex: 'goodsCount', align: 'right', ...fitContent },
  ]
}
