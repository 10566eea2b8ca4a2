import { type EndpointInput, endpoints, type Product } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

export type UpdateProductInput = EndpointInput<typeof endpoints.products.update>['body']

/** Puts a changed product into the detail cache and refreshes the lists. */
export function useSetProduct() {
  const queryClient = useQueryClient()
  return (product: Product) => {
    queryClient.setQueryData(
      productKeys.detail(product._id),
      (old: { notPairedOrders: number } | undefined) => ({
        foundProduct: product,
        notPairedOrders: old?.notPairedOrders ?? 0,
      }),
    )
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() })
  }
}

/** PUT /products/{id}: changed fields, or the ordered photo list. */
export function useUpdateProduct(id: string) {
  const setProduct = useSetProduct()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateProductInput) => call(endpoints.products.update, { params: { id }, body }),
    onSuccess: setProduct,
  })
}
