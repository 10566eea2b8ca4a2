import type { ParcelStatus } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { StatusTag } from '@/components/status-tag'

const colors = { New: 'red', Processed: 'green' } as const

/** New (red) and Processed (green), as the inbound statuses are coloured (spec part 1 §4). */
export function ParcelStatusTag({ status }: { status: ParcelStatus }) {
  const { t } = useTranslation('parcels')
  return <StatusTag status={status} colors={colors} label={t(`status.${status}`)} />
}
