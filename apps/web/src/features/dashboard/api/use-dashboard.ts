import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** GET /dashboard: the home dashboard of the signed-in user's role and business client. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => call(endpoints.reports.dashboard, { query: {} }),
    staleTime: 60_000,
  })
}
