import { type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

export type ProductListQuery = NonNullable<EndpointInput<typeof endpoints.products.list>['query']>

/** GET /products: a page of products (search, business client, warehouse filters). */
export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => call(endpoints.products.list, { query }),
    placeholderData: keepPreviousData,
  })
}
