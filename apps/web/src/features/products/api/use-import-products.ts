import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

export type ImportProductsInput = EndpointInput<typeof endpoints.products.importXls>['body']

/** POST /products/upload/xls: per-product results. */
export function useImportProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ImportProductsInput) => call(endpoints.products.importXls, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
  })
}
