import { type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { groupKeys } from './group-keys'

export type GroupListQuery = NonNullable<EndpointInput<typeof endpoints.productGroups.list>['query']>

/** GET /products/groups: a page of groups by name. */
export function useGroups(query: GroupListQuery) {
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: () => call(endpoints.productGroups.list, { query }),
    placeholderData: keepPreviousData,
  })
}
