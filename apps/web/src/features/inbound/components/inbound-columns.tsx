import type { InboundShipment } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { inboundStatusColors, StatusTag } from '@/components/status-tag'

/** A shipment is shown by the last 9 characters of its id (spec §3). */
export const shortId = (id: string) => id.slice(-9)

export const statusLabel = (t: TFunction<'inbound'>, status: string) =>
  t(`status.${status}` as 'status.New', { defaultValue: status })

export function inboundColumns(t: TFunction<'inbound'>): DataTableColumn<InboundShipment>[] {
  return [
    {
      key: 'id',
      title: t('columns.id'),
      isCardTitle: true,
      render: (_, s) => <Link to={`/shipments/inbound/${s._id}`}>{shortId(s._id)}</Link>,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      render: (_, s) => <DateText value={s.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, s) => (
        <StatusTag
          status={s.status}
          colors={{ ...inboundStatusColors, Processed: 'green' }}
          label={statusLabel(t, s.status)}
        />
      ),
    },
    { key: 'client', title: t('columns.client'), dataIndex: ['businessclient', 'name'] },
    { key: 'warehouse', title: t('columns.warehouse'), dataIndex: ['warehouse', 'name'] },
    { key: 'seller', title: t('columns.seller'), render: (_, s) => s.seller?.name ?? '—' },
    { key: 'transporter', title: t('columns.transporter'), render: (_, s) => s.transporter || '—' },
    { key: 'packs', title: t('columns.nrOfPacks'), align: 'right', render: (_, s) => s.nrOfPacks ?? '—' },
    { key: 'lines', title: t('columns.goodsCount'), dataIndex: 'goodsCount', align: 'right' },
  ]
}
