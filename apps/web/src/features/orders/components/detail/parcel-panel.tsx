import { can } from '@expedo/domain/auth/permissions'
import { Alert, Card, Skeleton, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '@/lib/error-message'
import { useSession } from '@/lib/session'
import { useOrderParcel } from '../../api/order-parcel'

/** The order's returned parcel (issue 12): its number, status and link, or 'No received parcel related to this order.'. */
export function ParcelPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation('parcels')
  const { currentUser } = useSession()
  const allowed = can(currentUser?.roles ?? [], 'parcels.read')
  const parcel = useOrderParcel(orderId, allowed)
  if (!allowed) return null
  return (
    <Card size="small" title={t('orderPanel.title')}>
      {parcel.error ? (
        <Alert type="error" showIcon title={errorMessage(parcel.error)} />
      ) : parcel.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : parcel.data ? (
        <span>
          <Link to={`/parcels/inbound/${parcel.data._id}`}>{parcel.data.parcelNr}</Link>{' '}
          <Tag color={parcel.data.status === 'Processed' ? 'green' : 'red'}>
            {t(`status.${parcel.data.status}`)}
          </Tag>{' '}
          {parcel.data.trackingId}
        </span>
      ) : (
        <Typography.Text type="secondary">{t('orderPanel.none')}</Typography.Text>
      )}
    </Card>
  )
}
