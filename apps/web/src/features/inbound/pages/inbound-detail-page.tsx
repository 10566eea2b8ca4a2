import { can } from '@expedo/domain/auth/permissions'
import { Card, Col, Descriptions, Result, Row, Skeleton, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { DateText } from '@/components/date-text'
import { PageHeader } from '@/components/page-header'
import { inboundStatusColors, StatusTag } from '@/components/status-tag'
import { useSession } from '@/lib/session'
import { useInboundActions, useInboundShipment } from '../api/inbound-api'
import { GoodsTable } from '../components/goods-table'
import { shortId, statusLabel } from '../components/inbound-columns'
import { PhotoCarousel } from '../components/photo-carousel'
import { PhotoUploadButton } from '../components/photo-upload-button'
import { ReceiveLineForm } from '../components/receive-line-form'

/** /shipments/inbound/:id: details, photos with lightbox, goods received; operators receive and process. */
export function InboundDetailPage() {
  const { t } = useTranslation('inbound')
  const id = useParams().id ?? ''
  const { currentUser } = useSession()
  const canReceive = can(currentUser?.roles ?? [], 'inbound.receive')
  const { data: s, isError } = useInboundShipment(id)
  const actions = useInboundActions(id)

  if (isError)
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={<a href="/shipments/inbound">{t('detail.back')}</a>}
      />
    )
  if (!s) return <Skeleton active />
  const open = s.status !== 'Processed'
  return (
    <>
      <PageHeader
        title={`${t('detail.title')} ${shortId(s._id)}`}
        subtitle={
          <StatusTag
            status={s.status}
            colors={{ ...inboundStatusColors, Processed: 'green' }}
            label={statusLabel(t, s.status)}
          />
        }
        backTo="/shipments/inbound"
        backLabel={t('detail.back')}
        actions={
          canReceive &&
          open && (
            <ConfirmButton
              type="primary"
              danger={false}
              confirmTitle={t('detail.processConfirm')}
              onConfirm={() => actions.process.mutateAsync()}
            >
              {t('detail.process')}
            </ConfirmButton>
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
                { key: 'client', label: t('columns.client'), children: s.businessclient.name },
                { key: 'warehouse', label: t('columns.warehouse'), children: s.warehouse.name },
                { key: 'seller', label: t('columns.seller'), children: s.seller?.name ?? '—' },
                { key: 'transporter', label: t('columns.transporter'), children: s.transporter || '—' },
                { key: 'packs', label: t('columns.nrOfPacks'), children: s.nrOfPacks ?? '—' },
                { key: 'weight', label: t('fields.weightKg'), children: s.weightKg ?? '—' },
                { key: 'volume', label: t('fields.volume'), children: s.volume ?? '—' },
                {
                  key: 'created',
                  label: t('columns.createdAt'),
                  children: <DateText value={s.createdAt} format="DD-MM-YY HH:mm" />,
                },
                {
                  key: 'updated',
                  label: t('detail.updatedAt'),
                  children: <DateText value={s.updatedAt} format="DD-MM-YY HH:mm" />,
                },
                { key: 'comment', label: t('fields.comment'), children: s.comment || '—' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card
            title={t('detail.photos')}
            size="small"
            extra={
              canReceive && (
                <PhotoUploadButton onUploaded={(fileId) => actions.addPhotos.mutateAsync([fileId])} />
              )
            }
          >
            <PhotoCarousel photos={s.photos} />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('goods.title')} size="small">
            <Space direction="vertical" style={{ width: '100%' }} size="middle">
              {canReceive && open && (
                <ReceiveLineForm
                  onReceive={(line) => actions.receive.mutateAsync(line)}
                  busy={actions.receive.isPending}
                />
              )}
              <GoodsTable lines={s.goodsreceived} />
            </Space>
          </Card>
        </Col>
      </Row>
    </>
  )
}
