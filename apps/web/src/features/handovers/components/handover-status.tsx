import type { HandoverStatus, PickupStatus } from '@expedo/domain'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const statusColors: Record<HandoverStatus, string> = {
  open: 'processing',
  handedOver: 'success',
  cancelled: 'default',
}
const pickupColors: Record<PickupStatus, string> = {
  none: 'default',
  requested: 'processing',
  accepted: 'blue',
  taken: 'success',
  rejected: 'error',
}

/** A handover's status as a tag. */
export function HandoverStatusTag({ status }: { status: HandoverStatus }) {
  const { t } = useTranslation('handovers')
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>
}

/** The courier pickup's status as a tag. */
export function PickupStatusTag({ status }: { status: PickupStatus }) {
  const { t } = useTranslation('handovers')
  return <Tag color={pickupColors[status]}>{t(`pickupStatus.${status}`)}</Tag>
}
