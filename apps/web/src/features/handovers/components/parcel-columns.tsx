import type { HandoverParcel } from '@expedo/domain'
import { Tag } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { Money } from '@/components/money'
import { EllipsisText, Identifier } from '@/components/table-cells'
import { Weight } from './handover-amounts'

export const orderLabel = (p: HandoverParcel) => p.order.clientOrderNr || String(p.order.internalNumericId)

/**
 * The manifest's parcels: order (to its detail), client, receiver and city, AWB, boxes, weight, COD, when it was
 * scanned into the van, and (while the handover is open) Remove, confirmed first. Fixed widths for codes,
 * numbers and dates, the names sharing the rest with an ellipsis, so it fits 1280 px (a dense table).
 */
export function parcelColumns(
  t: TFunction<'handovers'>,
  remove: { onRemove: (p: HandoverParcel) => Promise<unknown>; busyId: string } | null,
): DataTableColumn<HandoverParcel>[] {
  const columns: DataTableColumn<HandoverParcel>[] = [
    {
      key: 'order',
      title: t('columns.order'),
      isCardTitle: true,
      width: 110,
      render: (_, p) => (
        <Link to={`/orders/${p.order._id}`}>
          <Identifier text={orderLabel(p)} />
        </Link>
      ),
    },
    {
      key: 'client',
      title: t('columns.client'),
      render: (_, p) => <EllipsisText text={p.businessclient.name} />,
    },
    {
      // One column for both (the city under the name): ten columns would not fit 1280 px.
      key: 'receiver',
      title: `${t('columns.receiver')} / ${t('columns.city')}`,
      render: (_, p) => (
        <>
          <EllipsisText text={p.receiver} />
          <div style={{ fontSize: 12, color: '#595959' }}>
            <EllipsisText text={p.city} />
          </div>
        </>
      ),
    },
    {
      key: 'awb',
      title: t('columns.awb'),
      width: 140,
      render: (_, p) => <Identifier text={p.trackingId} />,
    },
    { key: 'boxes', title: t('columns.boxes'), align: 'right', width: 75, render: (_, p) => p.parcels },
    {
      key: 'weight',
      title: t('columns.weight'),
      align: 'right',
      width: 100,
      render: (_, p) => <Weight grams={p.weightGrams} />,
    },
    {
      key: 'cod',
      title: t('columns.cod'),
      align: 'right',
      width: 105,
      render: (_, p) => (p.cod ? <Money amount={p.cod.amount} currency={p.cod.currency} /> : '—'),
    },
    {
      key: 'scannedAt',
      title: t('columns.scannedAt'),
      width: 135,
      render: (_, p) =>
        p.scannedAt ? (
          <DateText value={p.scannedAt} format="DD-MM-YY HH:mm" />
        ) : (
          <Tag color="warning">{t('detail.notScanned')}</Tag>
        ),
    },
  ]
  if (!remove) return columns
  return [
    ...columns,
    {
      key: 'remove',
      title: t('columns.actions'),
      width: 95,
      render: (_, p) => (
        <ConfirmButton
          size="small"
          confirmTitle={t('remove.confirm', { order: orderLabel(p) })}
          okText={t('remove.yes')}
          cancelText={t('remove.no')}
          loading={remove.busyId === p.order._id}
          onConfirm={() => remove.onRemove(p)}
          aria-label={`${t('remove.button')} ${orderLabel(p)}`}
        >
          {t('remove.button')}
        </ConfirmButton>
      ),
    },
  ]
}
