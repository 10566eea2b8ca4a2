import type { Order } from '@expedo/domain'
import { Alert, Card, Empty, Skeleton, Tag, Timeline, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDate } from '@/components/date-text'
import { Money } from '@/components/money'
import { useServiceText } from '@/components/service-name'
import { errorMessage } from '@/lib/error-message'
import { useOrderServices } from '../../api/order-services'

/**
 * Services panel (spec part 2 "Order detail"): the services recorded for the order, oldest first, each
 * billed (with a link to its bill) or not; the total per currency; 'No service provided.' when none.
 */
export function ServicesPanel({ order }: { order: Pick<Order, '_id' | 'status'> }) {
  const { t } = useTranslation('services')
  const service = useServiceText()
  const services = useOrderServices(order._id, order.status)
  const data = services.data
  return (
    <Card
      size="small"
      title={t('panel.title')}
      extra={
        data && data.total.length > 0 ? (
          <span>
            {t('panel.total')}:{' '}
            {data.total.map((c, i) => (
              <span key={c.currency}>
                {i > 0 && ', '}
                <strong>
                  <Money amount={c.amount} currency={c.currency} />
                </strong>
              </span>
            ))}
          </span>
        ) : null
      }
    >
      {services.error ? (
        <Alert type="error" showIcon title={errorMessage(services.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : data.services.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.empty')} />
      ) : (
        <Timeline
          style={{ marginTop: 8, marginBottom: -16 }}
          items={data.services.map((s) => ({
            key: s._id,
            color: s.isBilled ? 'green' : 'gray',
            content: (
              <div>
                <Typography.Text strong>{service.name(s.serviceType.name)}</Typography.Text>
                {s.quantity !== 1 && ` × ${s.quantity}`} — <Money amount={s.amount} currency={s.currency} />{' '}
                {s.bill ? (
                  <Link to={`/billing/bills/${s.bill._id}`}>
                    <Tag color="green">
                      {t('panel.billed')}
                      {s.bill.sequenceNumber ? ` ${s.bill.sequenceNumber}` : ''}
                    </Tag>
                  </Link>
                ) : (
                  <Tag>{t('panel.notBilled')}</Tag>
                )}
                <div>
                  <Typography.Text type="secondary">
                    {formatDate(s.createdAt, 'DD-MM-YY HH:mm')}
                  </Typography.Text>
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  )
}
