import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** GET /costcalculator/me: the signed-in client's orders and actual cost per order (not asked for visitors). */
export function useMyCosts(enabled: boolean) {
  return useQuery({
    queryKey: ['costcalculator', 'me'],
    queryFn: () => call(endpoints.costCalculator.me, {}),
    enabled,
    meta: { silent: true },
    retry: false,
  })
}
