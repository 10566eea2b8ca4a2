import type { InboundParcelDetails } from '@expedo/domain'
import { type ParcelDetailSlots, ParcelDetailSlotsContext } from '@/features/parcels/components/parcel-slots'
import { ParcelDetailPage as ParcelDetailScreen } from '@/features/parcels/pages/parcel-detail-page'
import { ParcelRefundButton } from '@/features/refunds/components/refund-button'

const slots: ParcelDetailSlots = {
  refundAction: (parcel: InboundParcelDetails) => (
    <ParcelRefundButton orderId={parcel.order._id} parcelId={parcel._id} />
  ),
}

/** /parcels/inbound/:id — the parcels feature's detail with the refunds feature's 'Create New Refund'. */
export function ParcelDetailPage() {
  return (
    <ParcelDetailSlotsContext.Provider value={slots}>
      <ParcelDetailScreen />
    </ParcelDetailSlotsContext.Provider>
  )
}
