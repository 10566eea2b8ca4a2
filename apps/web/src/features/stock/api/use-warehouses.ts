import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { stockKeys } from './stock-keys'

/** GET /warehouse: every warehouse, for pickers. */
export function useWarehouses() {
  return useQuery({
    queryKey: stockKeys.warehouses(),
    queryFn: () => call(endpoints.stock.warehouses, { query: {} }),
    staleTime: 300_000,
  })
}
