import { endpoints } from '@expedo/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { inboundKeys } from './inbound-api'

/** GET /inventorycards/unpaired: goods received under a SKU without a product. */
export function useUnpairedGoods() {
  return useQuery({
    queryKey: inboundKeys.unpaired(),
    queryFn: () => call(endpoints.stock.unpaired, { query: {} }),
  })
}

/** POST /inventorycards/{id}/pair. */
export function usePairGoods() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { card: string; product: string }) =>
      call(endpoints.stock.pair, { params: { id: input.card }, body: { product: input.product } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inboundKeys.unpaired() })
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
    },
  })
}
