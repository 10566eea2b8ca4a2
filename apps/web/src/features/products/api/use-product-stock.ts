import { type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

/** POST /inventorycards/stocks filtered to one product: its balances by warehouse. */
export function useProductStock(id: string) {
  return useQuery({
    queryKey: productKeys.stock(id),
    queryFn: () =>
      call(endpoints.stock.stocks, {
        body: { filters: { product: [id] }, itemsPerPage: 0, currentPage: 1 },
      }),
  })
}

export type ProductMovementsQuery = EndpointInput<typeof endpoints.stock.productMovements>['body']

/** POST /products/{id}/movements: date range, description search and paging. */
export function useProductMovements(id: string, body: NonNullable<ProductMovementsQuery>) {
  return useQuery({
    queryKey: productKeys.movements(id, body),
    queryFn: () => call(endpoints.stock.productMovements, { params: { id }, body }),
    placeholderData: keepPreviousData,
  })
}
