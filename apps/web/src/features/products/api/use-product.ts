import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { productKeys } from './product-keys'

/** GET /products/{id}: the product and its not-paired orders count. */
export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => call(endpoints.products.get, { params: { id } }),
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 2,
  })
}
