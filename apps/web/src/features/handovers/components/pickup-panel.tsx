import type { Handover } from '@expedo/domain'
import { Button, Card, Descriptions } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/components/date-text'
import type { useHandoverActions } from '../api/handovers-api'
import { PickupStatusTag } from './handover-status'
import { PickupModal } from './pickup-modal'

/**
 * The courier's van (couriers with a pickup API, or a handover that has a booking): status, window, the
 * courier's request number and words; "Book pickup" while the handover is open and nothing is booked, or
 * again after the courier refused.
 */
export function PickupPanel({
  handover: h,
  pickup,
}: {
  handover: Handover
  pickup: ReturnType<typeof useHandoverActions>['pickup']
}) {
  const { t } = useTranslation('handovers')
  const [open, setOpen] = useState(false)
  if (!h.pickupApi && h.pickup.status === 'none') return null
  const p = h.pickup
  const canBook = h.status === 'open' && h.pickupApi && (p.status === 'none' || p.status === 'rejected')
  return (
    <Card
      size="small"
      data-testid="handover-pickup"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('pickup.title')}</h2>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label={t('pickup.status')}>
          <PickupStatusTag status={p.status} />
        </Descriptions.Item>
        {p.from && p.to && (
          <Descriptions.Item label={t('pickup.window')}>
            {formatDate(p.from, 'DD-MM-YY HH:mm')} – {formatDate(p.to, 'DD-MM-YY HH:mm').slice(-5)}
          </Descriptions.Item>
        )}
        {p.requestId && <Descriptions.Item label={t('pickup.requestId')}>{p.requestId}</Descriptions.Item>}
        {p.courierText && (
          <Descriptions.Item label={t('pickup.courierText')}>{p.courierText}</Descriptions.Item>
        )}
        {p.checkedAt && (
          <Descriptions.Item label={t('pickup.checkedAt')}>
            {formatDate(p.checkedAt, 'DD-MM-YY HH:mm')}
          </Descriptions.Item>
        )}
      </Descriptions>
      {canBook && (
        <Button style={{ marginTop: 8 }} onClick={() => setOpen(true)}>
          {p.status === 'rejected' ? t('pickup.bookAgain') : t('pickup.book')}
        </Button>
      )}
      {open && <PickupModal open={open} onClose={() => setOpen(false)} pickup={pickup} />}
    </Card>
  )
}
