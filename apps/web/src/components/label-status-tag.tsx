import type { LabelStatus, TrackingState } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { type StatusColors, StatusTag } from './status-tag'

/** A courier label's state: green when made, blue while in the making, red failed, orange in doubt. */
export const labelStatusColors: StatusColors<LabelStatus> = {
  none: 'default',
  unsupported: 'default',
  requested: 'processing',
  created: 'success',
  failed: 'error',
  inDoubt: 'warning',
}

/** The one formatter of a label's state in the reader's language. */
export function useLabelStatusText() {
  const { t } = useTranslation('orders')
  return (status: LabelStatus) => t(`label.status.${status}`)
}

/** The one formatter of a parcel's state (our word, whatever the courier's code) in the reader's language. */
export function useTrackingStateText() {
  const { t } = useTranslation('orders')
  return (state: TrackingState) => t(`tracking.state.${state}`)
}

/** A courier label's state as a coloured tag (order detail, packing station). */
export function LabelStatusTag({ status }: { status: LabelStatus }) {
  const text = useLabelStatusText()
  return <StatusTag status={status} colors={labelStatusColors} label={text(status)} />
}
