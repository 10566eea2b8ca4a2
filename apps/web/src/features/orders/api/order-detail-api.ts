import { type EndpointInput, endpoints, type Order } from '@expedo/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys'
import { orderDetailKeys } from './order-detail-keys'

export type UpdateOrderInput = EndpointInput<typeof endpoints.orders.update>['body']
export type AddOrderItemInput = EndpointInput<typeof endpoints.orders.addItem>['body']

/** GET /orders/{id}. Silent: the screen shows its own not-found and 'Network Error' results. */
export function useOrderDetail(id: string) {
  return useQuery({
    queryKey: orderDetailKeys.detail(id),
    queryFn: () => call(endpoints.orders.get, { params: { id } }),
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiClientError && error.status < 500) && count < 2,
  })
}

/** Puts the order a call answered into the detail cache and refreshes the lists (status, totals...). */
function useSetOrder() {
  const queryClient = useQueryClient()
  return (order: Order) => {
    queryClient.setQueryData(orderDetailKeys.detail(order._id), order)
    void queryClient.invalidateQueries({
      queryKey: ['orders'],
      predicate: (query) => query.queryKey[1] !== 'detail',
    })
  }
}

/**
 * PUT /orders/{id} for one field (or a status). Silent: an inline field shows the server's reason under
 * itself; callers that want the top notification (status buttons) report the error themselves.
 */
export function useUpdateOrder(id: string) {
  const setOrder = useSetOrder()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateOrderInput) => call(endpoints.orders.update, { params: { id }, body }),
    onSuccess: setOrder,
  })
}

/** A status change from the action buttons (Validate, Draft, the warehouse flow); failures go to the top. */
export function useChangeOrderStatus(id: string) {
  const setOrder = useSetOrder()
  return useMutation({
    mutationFn: (status: NonNullable<UpdateOrderInput>['status']) =>
      call(endpoints.orders.update, { params: { id }, body: { status } }),
    onSuccess: setOrder,
  })
}

/** POST /orders/{id}/cancel (after the confirmation); releases the order's blocked stock. */
export function useCancelOrder(id: string) {
  const setOrder = useSetOrder()
  return useMutation({
    mutationFn: () => call(endpoints.orders.cancel, { params: { id } }),
    onSuccess: setOrder,
  })
}

/** GET /orders/{id}/duplicate: a Draft copy of the order. */
export function useDuplicateOrder(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.orders.duplicate, { params: { id } }),
    onSuccess: (copy) => {
      queryClient.setQueryData(orderDetailKeys.detail(copy._id), copy)
      // The original's change log has the duplication too.
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
    },
  })
}

/** POST /orders/{id}/items: one product line (price is the line price). */
export function useAddOrderItem(id: string) {
  const setOrder = useSetOrder()
  return useMutation({
    mutationFn: (item: AddOrderItemInput) => call(endpoints.orders.addItem, { params: { id }, body: item }),
    onSuccess: setOrder,
  })
}

/** DELETE /orders/{id}/items/{itemId}. */
export function useDeleteOrderItem(id: string) {
  const setOrder = useSetOrder()
  return useMutation({
    mutationFn: (itemId: string) => call(endpoints.orders.deleteItem, { params: { id, itemId } }),
    onSuccess: setOrder,
  })
}

/** GET /comments?trigger=order&triggerId={id}: oldest first. */
export function useOrderComments(id: string) {
  return useQuery({
    queryKey: orderDetailKeys.comments(id),
    queryFn: () => call(endpoints.comments.list, { query: { trigger: 'order', triggerId: id } }),
  })
}

/** POST /comments?trigger=order&triggerId={id}: answers every comment of the order. */
export function useAddOrderComment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (text: string) =>
      call(endpoints.comments.create, { query: { trigger: 'order', triggerId: id }, body: { text } }),
    onSuccess: (comments) => queryClient.setQueryData(orderDetailKeys.comments(id), comments),
  })
}

/** POST /orders/{id}/invoice: makes (or rebuilds) the order's draft invoice; answers the order. */
export function useGenerateInvoice(id: string) {
  const setOrder = useSetOrder()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: () =>
      call(endpoints.invoices.orderInvoice, { params: { id } }, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: (order) => {
      keys.done(id)
      setOrder(order)
    },
  })
}
