import { endpoints } from '@expedo/domain'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import type { OrderListBody, OrderSearchBody } from '../lib/order-list-state'
import { orderListKeys } from './order-list-keys'

/** The list's query: one definition for the screen and for the prefetch of a direct load. */
export function orderListQuery(list: OrderListBody, search: OrderSearchBody | null) {
  return queryOptions({
    queryKey: search ? orderListKeys.search(search) : orderListKeys.list(list),
    queryFn: () =>
      search ? call(endpoints.orders.search, { body: search }) : call(endpoints.orders.list, { body: list }),
    // The screen shows 'Network Error' itself.
    meta: { silent: true },
  })
}

/**
 * The list screen's rows and tab totals: `POST /orders/find/search` while there is a search term, else
 * `POST /orders` with the filters. The previous page stays on screen while the next one loads.
 */
export function useOrderList(list: OrderListBody, search: OrderSearchBody | null) {
  return useQuery({ ...orderListQuery(list, search), placeholderData: keepPreviousData })
}
