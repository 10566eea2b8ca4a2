import {
  type EndpointInput,
  endpoints,
  type HandoverConfirmBody,
  type HandoverCreateBody,
  type HandoverDetail,
  type HandoverListQuery,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** What a pickup booking sends (the window as ISO strings). */
export type PickupInput = EndpointInput<typeof endpoints.handovers.pickup>['body']

/** Query keys of the handovers area (one factory: invalidation by prefix). */
export const handoverKeys = {
  all: ['handovers'] as const,
  ready: (warehouse: string) => ['handovers', 'ready', warehouse] as const,
  list: (query: Partial<HandoverListQuery>) => ['handovers', 'list', query] as const,
  detail: (id: string) => ['handovers', 'detail', id] as const,
}

/** GET /handovers/ready: Packed, labelled orders in no open handover, per warehouse × courier. */
export function useReadyGroups(warehouse: string) {
  return useQuery({
    queryKey: handoverKeys.ready(warehouse),
    queryFn: () => call(endpoints.handovers.ready, { query: warehouse ? { warehouse } : {} }),
  })
}

/** GET /handovers: newest first, filters in the caller's URL. */
export function useHandovers(query: HandoverListQuery) {
  return useQuery({
    queryKey: handoverKeys.list(query),
    queryFn: () => call(endpoints.handovers.list, { query }),
    placeholderData: keepPreviousData,
  })
}

/** GET /handovers/:id: the handover and its parcels by order number. */
export function useHandover(id: string) {
  return useQuery({
    queryKey: handoverKeys.detail(id),
    queryFn: () => call(endpoints.handovers.detail, { params: { id } }),
    meta: { silent: true },
  })
}

/** POST /handovers: a handover of a ready group (the page goes to it). */
export function useCreateHandover() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: HandoverCreateBody) => call(endpoints.handovers.create, { body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(handoverKeys.detail(detail.handover._id), detail)
      return queryClient.invalidateQueries({ queryKey: handoverKeys.all, refetchType: 'active' })
    },
  })
}

/**
 * The calls of one handover's page. Every answer that carries the handover is put where the detail query
 * keeps it; the lists are marked stale. The scan is silent: the page answers it in its feedback line.
 */
export function useHandoverActions(id: string) {
  const queryClient = useQueryClient()
  const keep = (detail: HandoverDetail) => {
    queryClient.setQueryData(handoverKeys.detail(id), detail)
    void queryClient.invalidateQueries({ queryKey: ['handovers', 'list'] })
    void queryClient.invalidateQueries({ queryKey: ['handovers', 'ready'] })
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: handoverKeys.all })
  return {
    scan: useMutation({
      mutationFn: (code: string) => call(endpoints.handovers.scan, { params: { id }, body: { code } }),
      meta: { silent: true },
      onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.detail(id) }),
    }),
    remove: useMutation({
      mutationFn: (orderId: string) => call(endpoints.handovers.removeParcel, { params: { id, orderId } }),
      onSuccess: keep,
    }),
    // Silent: the pickup form puts the API's 400s under its fields.
    pickup: useMutation({
      mutationFn: (body: PickupInput) => call(endpoints.handovers.pickup, { params: { id }, body }),
      meta: { silent: true },
      onSuccess: keep,
    }),
    confirm: useMutation({
      mutationFn: (body: HandoverConfirmBody) => call(endpoints.handovers.confirm, { params: { id }, body }),
      meta: { silent: true },
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: () => call(endpoints.handovers.cancel, { params: { id } }),
      onSuccess: keep,
    }),
  }
}
