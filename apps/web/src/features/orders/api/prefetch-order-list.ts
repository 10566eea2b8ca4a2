import { isStaff } from '@expedo/domain/auth/permissions'
import { queryClient } from '@/lib/query-client'
import { sessionStore } from '@/lib/session'
import { readUrlState } from '@/lib/use-url-state'
import { listBody, listDefaults, listStateOptions, searchBody } from '../lib/order-list-state'
import { orderListQuery } from './use-order-list'

/**
 * On a direct load of /orders, starts the list call while the screen's code is still loading (the route
 * table's `prefetch`): the same query, from the same URL state, as the screen then reads.
 */
export function prefetchOrderList(search: URLSearchParams): Promise<void> {
  const state = readUrlState(search, listDefaults, listStateOptions)
  const staff = isStaff(sessionStore.get().currentUser?.roles ?? [])
  return queryClient.prefetchQuery(orderListQuery(listBody(state, staff), searchBody(state)))
}
