import {
  endpoints,
  type RefundBulkStatusBody,
  type RefundCreateBody,
  type RefundListQuery,
  type RefundResultBody,
  type RefundUpdateBody,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call, newIdempotencyKey } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys'

/** Query keys of the refunds area. */
export const refundKeys = {
  all: ['refunds'] as const,
  list: (query: Partial<RefundListQuery>) => ['refunds', 'list', query] as const,
  detail: (id: string) => ['refunds', 'detail', id] as const,
}

const clientErrorIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /refunds with the list's filters. Silent: the page shows a refusal in place of the list. */
export function useRefundList(query: Partial<RefundListQuery>) {
  return useQuery({
    queryKey: refundKeys.list(query),
    queryFn: () => call(endpoints.refunds.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

/** GET /orders/{id}, read for a refund's first values (a processed parcel's 'Create New Refund'). */
export function useRefundOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['refunds', 'order', orderId] as const,
    queryFn: () => call(endpoints.orders.get, { params: { id: orderId } }),
    enabled,
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

/** GET /refunds/{id}: the edit modal loads the refund it edits (its fields wait for it). */
export function useRefund(id: string | undefined) {
  return useQuery({
    queryKey: refundKeys.detail(id ?? ''),
    queryFn: () => call(endpoints.refunds.get, { params: { id: id! } }),
    enabled: Boolean(id),
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

function useRefreshRefunds() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: refundKeys.all })
}

/** POST /refunds (one idempotency key per modal opening). Silent: the form shows the server's reasons. */
export function useCreateRefund() {
  const refresh = useRefreshRefunds()
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundCreateBody; key: string }) =>
      call(endpoints.refunds.create, { body }, { idempotencyKey: key }),
    meta: { silent: true },
    onSuccess: refresh,
  })
}
export { newIdempotencyKey }

/** PUT /refunds/{id}. Silent: the form shows the server's reasons. */
export function useUpdateRefund() {
  const refresh = useRefreshRefunds()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (input: { id: string; body: RefundUpdateBody }) =>
      call(
        endpoints.refunds.update,
        { params: { id: input.id }, body: input.body },
        { idempotencyKey: keys.keyFor(input) },
      ),
    meta: { silent: true },
    onSuccess: (_refund, input) => {
      keys.done(input)
      return refresh()
    },
  })
}

export function useDeleteRefund() {
  const refresh = useRefreshRefunds()
  return useMutation({
    mutationFn: (id: string) => call(endpoints.refunds.delete, { params: { id } }),
    onSuccess: refresh,
  })
}

/** PUT /refunds {refunds, status}: Approved or Rejected in bulk; the answer says which were refused. */
export function useBulkRefundStatus() {
  const refresh = useRefreshRefunds()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (body: RefundBulkStatusBody) =>
      call(endpoints.refunds.bulkStatus, { body }, { idempotencyKey: keys.keyFor(body) }),
    onSuccess: (_result, body) => {
      keys.done(body)
      return refresh()
    },
  })
}

/** PUT /refunds/{id}/result: finance records the bank's answer. */
export function useRefundResult() {
  const refresh = useRefreshRefunds()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (input: { id: string; body: RefundResultBody }) =>
      call(
        endpoints.refunds.result,
        { params: { id: input.id }, body: input.body },
        { idempotencyKey: keys.keyFor(input) },
      ),
    onSuccess: (_refund, input) => {
      keys.done(input)
      return refresh()
    },
  })
}

/** POST /refunds/payment-file: the pain.001 file of the chosen Approved refunds (they become Pending). */
export function useSendPaymentFile() {
  const refresh = useRefreshRefunds()
  return useMutation({
    mutationFn: (refunds: string[]) =>
      fetchFile(endpoints.refunds.paymentFile, { body: { refunds } }, undefined, 'refunds.xml'),
    onSuccess: refresh,
  })
}
