import { endpoints, type ProductGroup } from '@expedo/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { groupKeys } from './group-keys'

/** GET /products/groups/{id}. */
export function useGroup(id: string) {
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: () => call(endpoints.productGroups.get, { params: { id } }),
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 2,
  })
}

/** Puts a changed group into the cache and refreshes the lists. */
export function useSetGroup() {
  const queryClient = useQueryClient()
  return (group: ProductGroup) => {
    queryClient.setQueryData(groupKeys.detail(group._id), group)
    void queryClient.invalidateQueries({ queryKey: groupKeys.lists() })
  }
}
