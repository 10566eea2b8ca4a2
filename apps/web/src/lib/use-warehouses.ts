import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** GET /warehouse: every warehouse, for the pickers of every screen (one cache entry, one request). */
export function useWarehouses(enabled = true) {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => call(endpoints.stock.warehouses, { query: {} }),
    staleTime: 300_000,
    enabled,
  })
}
