import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { orderDetailKeys } from './order-detail-keys'

/**
 * POST /orders/getoffices: the offices of an office pick-up courier (ECONT, ECONT_GR) in the ship-to
 * country. Silent: the Office panel shows why the list is missing (503 when the courier is unreachable).
 */
export function useOffices(country: string, courierId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderDetailKeys.offices(country, courierId),
    queryFn: () => call(endpoints.orders.getOffices, { body: { country, courierId } }),
    meta: { silent: true },
    enabled: enabled && country !== '',
    staleTime: 300_000,
    retry: false,
  })
}
