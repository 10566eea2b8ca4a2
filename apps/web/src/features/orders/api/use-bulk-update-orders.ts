import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { orderListKeys } from './order-list-keys'

export type BulkUpdateBody = NonNullable<EndpointInput<typeof endpoints.orders.bulkUpdate>['body']>

/** `PUT /orders`: one change (status, warehouse, courier or assigned user) for many orders; refreshes the orders. */
export function useBulkUpdateOrders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BulkUpdateBody) => call(endpoints.orders.bulkUpdate, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.all }),
  })
}
