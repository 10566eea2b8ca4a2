import type { Refund } from '@expedo/domain'
import { Descriptions, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCountryName } from '@/components/country-select'
import { DateText } from '@/components/date-text'

/**
 * A refund's details under its row (and at the foot of its card): the order and returned parcel, the
 * customer's address (country in the reader's language) and phone, when it was created and last changed,
 * and the bank's error messages. The account is the row's own column.
 */
export function RefundDetails({ refund: r, isStaff }: { refund: Refund; isStaff: boolean }) {
  const { t } = useTranslation('refunds')
  const countryName = useCountryName()
  const address = [r.street, r.city, r.country && countryName(r.country)].filter(Boolean).join(', ')
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ maxWidth: 960 }}>
      <Descriptions.Item label={t('columns.order')}>
        <Link to={`/orders/${r.order._id}`}>{r.order.clientOrderNr || '—'}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.inboundparcel')}>
        {r.inboundparcel ? (
          <Link to={`/parcels/inbound/${r.inboundparcel._id}`}>{t('columns.parcelLink')}</Link>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      {isStaff && <Descriptions.Item label={t('columns.client')}>{r.businessclient.name}</Descriptions.Item>}
      <Descriptions.Item label={t('columns.name')}>
        {r.name}
        {address && `, ${address}`}
        {r.phone && ` · ${r.phone}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.createdAt')}>
        <DateText value={r.createdAt} format="DD-MM-YY HH:mm" />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.updatedAt')}>
        <DateText value={r.updatedAt} format="DD-MM-YY HH:mm" />
      </Descriptions.Item>
      {r.error_msgs.length > 0 && (
        <Descriptions.Item label={t('status.error')}>
          {r.error_msgs.map((m) => (
            <Typography.Text key={m} type="danger" style={{ display: 'block' }}>
              {m}
            </Typography.Text>
          ))}
        </Descriptions.Item>
      )}
    </Descriptions>
  )
}
