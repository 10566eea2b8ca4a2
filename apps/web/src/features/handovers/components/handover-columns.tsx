import { type Handover, handoverCode } from '@expedo/domain'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { EllipsisText, fitContent, Identifier } from '@/components/table-cells'
import { HandoverStatusTag, PickupStatusTag } from './handover-status'

const by = { fontSize: 12, color: '#595959' }

/**
 * Handover, warehouse, courier, status, scanned of orders, boxes, pickup, created (when, by whom), handed
 * over: numbers, dates and tags as wide as their content, names sharing the rest, so the list fits 1280 px.
 */
export function handoverColumns(t: TFunction<'handovers'>): DataTableColumn<Handover>[] {
  return [
    {
      key: 'number',
      title: t('columns.number'),
      isCardTitle: true,
      ...fitContent,
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
      ...fitContent,
      render: (_, h) => <HandoverStatusTag status={h.status} />,
    },
    {
      key: 'scanned',
      title: t('columns.scanned'),
      align: 'right',
      ...fitContent,
      render: (_, h) => `${h.scanned} / ${h.orders}`,
    },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', ...fitContent, render: (_, h) => h.parcels },
    {
      key: 'pickup',
      title: t('columns.pickup'),
      ...fitContent,
      render: (_, h) =>
        h.pickupApi || h.pickup.status !== 'none' ? <PickupStatusTag status={h.pickup.status} /> : '—',
    },
    {
      key: 'created',
      title: t('columns.created'),
      ...fitContent,
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
      ...fitContent,
      render: (_, h) => (
        <>
          <DateText value={h.handedOverAt} format="DD-MM-YY HH:mm" />
          {h.driverName && <div style={by}>{h.driverName}</div>}
        </>
      ),
    },
  ]
}
