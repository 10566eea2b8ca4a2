import type { InboundParcelItem } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Card, Col, Descriptions, Empty, Image, Result, Row, Skeleton, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { DateText } from '@/components/date-text'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { useParcel, useProcessParcel } from '../api/parcels-api'
import { useParcelDetailSlots } from '../components/parcel-slots'
import { ParcelStatusTag } from '../components/parcel-status-tag'
import { RegisterParcelModal } from '../components/register-parcel-modal'

/** /parcels/inbound/:id: the parcel, its photos and items; an operator sets a New parcel as processed. */
export function ParcelDetailPage() {
  const { t } = useTranslation('parcels')
  const id = useParams().id ?? ''
  const { currentUser } = useSession()
  const canProcess = can(currentUser?.roles ?? [], 'parcels.write')
  // Refunds are requested by the client (and an admin): once the parcel is processed, from here too.
  const canRefund = can(currentUser?.roles ?? [], 'refunds.write')
  const { refundAction } = useParcelDetailSlots()
  const { data: p, isError } = useParcel(id)
  const process = useProcessParcel(id)
  const [editing, setEditing] = useState(false)

  if (isError)
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<Link to="/parcels/inbound">{t('detail.back')}</Link>}
      />
    )
  if (!p) return <Skeleton active />
  return (
    <>
      <PageHeader
        title={t('detail.title', { nr: p.parcelNr })}
        subtitle={<ParcelStatusTag status={p.status} />}
        backTo="/parcels/inbound"
        backLabel={t('detail.back')}
        actions={
          p.status === 'Processed'
            ? canRefund && refundAction?.(p)
            : canProcess && (
                <Space>
                  <Button onClick={() => setEditing(true)}>{t('detail.edit')}</Button>
                  <ConfirmButton
                    type="primary"
                    danger={false}
                    confirmTitle={t('detail.processConfirm')}
                    confirmDescription={t('detail.processDescription', { warehouse: p.warehouse.name })}
                    onConfirm={() => process.mutateAsync()}
                  >
                    {t('detail.process')}
                  </ConfirmButton>
                </Space>
              )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('detail.details')} size="small">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                {
                  key: 'order',
                  label: t('columns.order'),
                  children: (
                    <Link to={`/orders/${p.order._id}`}>
                      {p.order.clientOrderNr || p.order._id.slice(-9)}
                    </Link>
                  ),
                },
                { key: 'tracking', label: t('columns.trackingId'), children: p.trackingId || '—' },
                { key: 'client', label: t('columns.client'), children: p.businessclient.name },
                { key: 'warehouse', label: t('columns.warehouse'), children: p.warehouse.name },
                { key: 'condition', label: t('columns.condition'), children: t(`condition.${p.condition}`) },
                { key: 'units', label: t('columns.units'), children: p.units },
                {
                  key: 'created',
                  label: t('columns.createdAt'),
                  children: <DateText value={p.createdAt} format="DD-MM-YY HH:mm" />,
                },
                { key: 'createdBy', label: t('detail.createdBy'), children: p.createdBy ?? '—' },
                {
                  key: 'processed',
                  label: t('columns.processedAt'),
                  children: p.processedAt ? <DateText value={p.processedAt} format="DD-MM-YY HH:mm" /> : '—',
                },
                { key: 'processedBy', label: t('detail.processedBy'), children: p.processedBy ?? '—' },
                { key: 'note', label: t('detail.note'), children: p.note || '—', span: 2 },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('detail.photos')} size="small">
            {p.photos.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPhotos')} />
            ) : (
              <Image.PreviewGroup>
                <Space wrap>
                  {p.photos.map((photo) => (
                    <Image
                      key={photo._id}
                      src={photo.publicurl}
                      alt={photo.filename}
                      width={120}
                      height={120}
                      style={{ objectFit: 'cover' }}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('detail.items')} size="small">
            <Table<InboundParcelItem>
              size="small"
              pagination={false}
              rowKey={(i) => i._id}
              dataSource={p.items}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  key: 'product',
                  title: t('detail.product'),
                  render: (_, i) => <Link to={`/products/${i.product._id}`}>{i.product.name}</Link>,
                },
                { key: 'sku', title: t('detail.sku'), render: (_, i) => i.product.sku },
                { key: 'quantity', title: t('detail.quantity'), dataIndex: 'quantity', align: 'right' },
                {
                  key: 'condition',
                  title: t('detail.itemCondition'),
                  render: (_, i) => (
                    <Tag color={i.condition === 'damaged' ? 'orange' : 'green'}>
                      {t(`itemCondition.${i.condition}`)}
                    </Tag>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {editing && (
        <RegisterParcelModal initial={p} onClose={() => setEditing(false)} onRegistered={() => {}} />
      )}
    </>
  )
}
