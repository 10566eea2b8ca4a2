import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { groupKeys } from './group-keys'

/** Products to pick for a group: GET /products with the search (above 2 characters) and business client. */
export function useProductSearch(term: string, businessclient: string | undefined) {
  return useQuery({
    queryKey: groupKeys.productSearch(term, businessclient ?? ''),
    queryFn: () =>
      call(endpoints.products.list, {
        query: {
          itemsPerPage: 20,
          ...(term.length > 2 ? { searchTerm: term } : {}),
          ...(businessclient ? { businessclient: [businessclient] } : {}),
        },
      }),
  })
}
