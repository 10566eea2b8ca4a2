import { type PickLine, waveCode } from '@expedo/domain'
import { Button, Card, Descriptions, Image, Result, Skeleton, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { formatDate } from '@/components/date-text'
import { OrderStatusTag } from '@/components/order-status-tag'
import { PageHeader } from '@/components/page-header'
import { Identifier } from '@/components/table-cells'
import { useWave } from '../api/waves-api'
import { PickListButton } from '../components/pick-list-button'
import { waveStatusColors } from '../components/wave-columns'

export const lineStatusColors: Record<PickLine['status'], string> = {
  open: 'default',
  picked: 'success',
  short: 'error',
  canceled: 'default',
  toReturn: 'warning',
  returned: 'cyan',
}

/** /warehouse/waves/:id: the wave's pick list in pick-path order and its orders by slot. */
export function WavePage() {
  const { t } = useTranslation('waves')
  const { id = '' } = useParams()
  const wave = useWave(id)
  if (wave.isLoading) return <Skeleton active />
  if (!wave.data)
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Link to="/warehouse/waves">{t('detail.back')}</Link>}
      />
    )
  const { wave: w, orders, lines } = wave.data
  const code = waveCode(w.number)
  const lineColumns: DataTableColumn<PickLine>[] = [
    {
      key: 'location',
      title: t('columns.location'),
      isCardTitle: true,
      width: 160,
      render: (_, l) => <Identifier text={l.location?.code ?? t('detail.noLocation')} />,
    },
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, l) => (
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          {l.product?.photo && <Image src={l.product.photo} width={32} height={32} alt="" preview={false} />}
          <span>
            <strong>{l.sku}</strong> {l.product?.name}
            {l.barcode && <div style={{ fontSize: 12, color: '#595959' }}>{l.barcode}</div>}
          </span>
        </span>
      ),
    },
    {
      key: 'quantity',
      title: t('columns.quantity'),
      align: 'right',
      width: 120,
      render: (_, l) => `${l.picked} / ${l.quantity}`,
    },
    { key: 'slot', title: t('columns.slot'), align: 'right', width: 110, render: (_, l) => l.order.slot },
    {
      key: 'status',
      title: t('columns.status'),
      width: 170,
      render: (_, l) => (
        <>
          <Tag color={lineStatusColors[l.status]}>{t(`lineStatus.${l.status}`)}</Tag>
          {l.claimedBy && <div style={{ fontSize: 12, color: '#595959' }}>{l.claimedBy}</div>}
        </>
      ),
    },
  ]
  return (
    <>
      <PageHeader
        title={t('detail.title', { code })}
        backTo="/warehouse/waves"
        backLabel={t('detail.back')}
        subtitle={<Tag color={waveStatusColors[w.status]}>{t(`status.${w.status}`)}</Tag>}
        actions={
          <>
            <PickListButton wave={w} />
            {w.status === 'picking' && (
              <Link to={`/warehouse/waves/${w._id}/pick`}>
                <Button type="primary">{t('detail.startPicking')}</Button>
              </Link>
            )}
          </>
        }
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('columns.warehouse')}>{w.warehouse.name}</Descriptions.Item>
        <Descriptions.Item label={t('columns.created')}>
          {formatDate(w.createdAt, 'DD-MM-YY HH:mm')} · {w.createdBy}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.progress')}>
          {w.linesDone} / {w.lines}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.units')}>
          {w.unitsPicked} / {w.units}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('detail.lines')} style={{ marginBottom: 16 }}>
        <DataTable
          fit
          aria-label={t('detail.lines')}
          columns={lineColumns}
          rows={lines}
          rowKey={(l) => l._id}
        />
      </Card>
      <Card size="small" title={t('detail.orders')}>
        <DataTable
          fit
          aria-label={t('detail.orders')}
          columns={[
            { key: 'slot', title: t('columns.slot'), align: 'right', width: 110, render: (_, o) => o.slot },
            {
              key: 'order',
              title: t('columns.order'),
              isCardTitle: true,
              width: 200,
              render: (_, o) => (
                <Link to={`/orders/${o._id}`}>
                  <Identifier text={o.clientOrderNr || String(o.internalNumericId)} />
                </Link>
              ),
            },
            { key: 'client', title: t('columns.client'), render: (_, o) => o.businessclient },
            {
              key: 'status',
              title: t('columns.orderStatus'),
              render: (_, o) => (
                <>
                  <OrderStatusTag status={o.status} />
                  {o.canceled && <Tag color="warning">{t('detail.canceled')}</Tag>}
                </>
              ),
            },
          ]}
          rows={orders}
          rowKey={(o) => o._id}
        />
      </Card>
    </>
  )
}
