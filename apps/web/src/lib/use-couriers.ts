import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/**
 * `GET /couriers`: every courier, for the pickers of every screen (the orders list's filter, the assign-courier
 * modal, the Shipping panel, a wave's release): one cache entry, one request.
 */
export function useCouriers(enabled = true) {
  return useQuery({
    queryKey: ['couriers'],
    queryFn: () => call(endpoints.couriers.list, { query: {} }),
    staleTime: 300_000,
    enabled,
  })
}
