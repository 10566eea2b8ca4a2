import { type Handover, handoverCode } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { EllipsisText, Identifier } from '@/components/table-cells'
import { HandoverStatusTag, PickupStatusTag } from './handover-status'

const by = { fontSize: 12, color: '#595959' }

/**
 * Handover, warehouse, courier, status, scanned of orders, boxes, pickup, created (when, by whom), handed
 * over: fixed widths for numbers, dates and tags (Czech and Russian headers are the longest), the names
 * sharing the rest with an ellipsis, so the dense list fits 1280 px with the menu open.
 */
export function handoverColumns(t: TFunction<'handovers'>): DataTableColumn<Handover>[] {
  return [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      width: 100,
      render: (_, h) => (
        <Link to={`/warehouse/handover/${h._id}`}>
          <Identifier text={handoverCode(h.number)} />
        </Link>
      ),
    },
    {
      key: 'warehouse',
      title: t('columns.warehouse'),
      render: (_, h) => <EllipsisText text={h.warehouse.name} />,
    },
    { key: 'courier', title: t('columns.courier'), render: (_, h) => <EllipsisText text={h.courier.name} /> },
    {
      key: 'status',
      title: t('columns.status'),
      width: 120,
      render: (_, h) => <HandoverStatusTag status={h.status} />,
    },
    {
      key: 'scanned',
      title: t('columns.scanned'),
      align: 'right',
      width: 135,
      render: (_, h) => `${h.scanned} / ${h.orders}`,
    },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', width: 75, render: (_, h) => h.parcels },
    {
      key: 'pickup',
      title: t('columns.pickup'),
      width: 120,
      render: (_, h) =>
        h.pickupApi || h.pickup.status !== 'none' ? <PickupStatusTag status={h.pickup.status} /> : '—',
    },
    {
      key: 'created',
      title: t('columns.created'),
      width: 130,
      render: (_, h) => (
        <>
          <DateText value={h.createdAt} format="DD-MM-YY HH:mm" />
          <div style={by}>{h.createdBy}</div>
        </>
      ),
    },
    {
      key: 'handedOver',
      title: t('columns.handedOver'),
      width: 130,
      render: (_, h) => (
        <>
          <DateText value={h.handedOverAt} format="DD-MM-YY HH:mm" />
          {h.driverName && <div style={by}>{h.driverName}</div>}
        </>
      ),
    },
  ]
}
