import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

export type CreateProductInput = EndpointInput<typeof endpoints.products.create>['body']

/** POST /products: the form shows its own errors (duplicate SKU, required fields). */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateProductInput) => call(endpoints.products.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
  })
}
