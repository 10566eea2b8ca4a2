import { endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

/** PUT /products {ids, query}: allow or stop order import for the selected products. */
export function useBulkUpdateProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { ids: string[]; allowImportOrders: boolean }) =>
      call(endpoints.products.bulkUpdate, {
        body: { ids: input.ids, query: { allowImportOrders: input.allowImportOrders } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
