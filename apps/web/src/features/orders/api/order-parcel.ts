import { endpoints, type InboundParcel } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'

/**
 * GET /orders/{id}/parcel: the order's latest returned parcel, or null when the API answers 404 ('No received
 * parcel related to this order.'). Silent: the panel shows its own error.
 */
export function useOrderParcel(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['parcels', 'order', orderId] as const,
    queryFn: async (): Promise<InboundParcel | null> => {
      try {
        return await call(endpoints.parcels.forOrder, { params: { id: orderId } })
      } catch (error) {
        if (error instanceof ApiClientError && error.status === 404) return null
        throw error
      }
    },
    enabled,
    meta: { silent: true },
  })
}
