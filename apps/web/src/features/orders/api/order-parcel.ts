import { endpoints, type InboundParcel } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/**
 * GET /orders/{id}/parcel: the order's latest returned parcel, or null when it has none (the panel then says
 * 'No received parcel related to this order.'). Silent: the panel shows its own error.
 */
export function useOrderParcel(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['parcels', 'order', orderId] as const,
    queryFn: (): Promise<InboundParcel | null> =>
      call(endpoints.parcels.forOrder, { params: { id: orderId } }),
    enabled,
    meta: { silent: true },
  })
}
