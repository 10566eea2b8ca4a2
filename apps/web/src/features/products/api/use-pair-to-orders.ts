import { endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

/** POST /products/{id}/pairToOrders, then the product (its unpaired count) is read again. */
export function usePairToOrders(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.products.pairToOrders, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.detail(id) }),
  })
}
