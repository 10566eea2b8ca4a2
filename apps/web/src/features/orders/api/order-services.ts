import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/**
 * GET /orders/{id}/services: the Services panel. Keyed by the order's status too, so that shipping (which
 * records the services) refreshes it. Silent: the panel shows its own error.
 */
export function useOrderServices(orderId: string, status: string) {
  return useQuery({
    queryKey: ['orders', 'services', orderId, status] as const,
    queryFn: () => call(endpoints.services.ofOrder, { params: { id: orderId } }),
    meta: { silent: true },
  })
}
