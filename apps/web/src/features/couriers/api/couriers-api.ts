import { type CourierListQuery, type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'

/** Query keys of the couriers area: a change to a courier refreshes lists, details and quotations. */
export const courierKeys = {
  all: ['couriers'] as const,
  list: (query: CourierListQuery) => ['couriers', 'list', query] as const,
  detail: (id: string) => ['couriers', 'detail', id] as const,
  quotations: (id: string) => ['couriers', 'quotations', id] as const,
}

export type QuotationInput = EndpointInput<typeof endpoints.couriers.createQuotation>['body']

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /couriers (repeated country, name). */
export function useCourierList(query: CourierListQuery) {
  return useQuery({
    queryKey: courierKeys.list(query),
    queryFn: () => call(endpoints.couriers.list, { query }),
    placeholderData: keepPreviousData,
  })
}

/** GET /couriers/{id}. Silent: the page shows its own not-found. */
export function useCourier(id: string) {
  return useQuery({
    queryKey: courierKeys.detail(id),
    queryFn: () => call(endpoints.couriers.get, { params: { id } }),
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /couriers/{id}/quotations. */
export function useQuotations(id: string) {
  return useQuery({
    queryKey: courierKeys.quotations(id),
    queryFn: () => call(endpoints.couriers.quotations, { params: { id } }),
    retry: notFoundIsFinal,
  })
}

/** POST /couriers/{id}: the courier becomes the default of its country (the old default loses the flag). */
export function useSetDefaultCourier(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.couriers.setDefault, { params: { id } }),
    onSuccess: (courier) => {
      queryClient.setQueryData(courierKeys.detail(id), courier)
      void queryClient.invalidateQueries({ queryKey: ['couriers', 'list'] })
    },
  })
}

/** POST /couriers/{id}/quotations, or PUT …/{qid} when `qid` is given. Silent: the form shows the reason. */
export function useSaveQuotation(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ qid, body }: { qid?: string; body: QuotationInput }) =>
      qid
        ? call(endpoints.couriers.updateQuotation, { params: { id, qid }, body })
        : call(endpoints.couriers.createQuotation, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.quotations(id) }),
  })
}

/** DELETE /couriers/{id}/quotations/{qid}: deactivates it. */
export function useDeactivateQuotation(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (qid: string) => call(endpoints.couriers.deactivateQuotation, { params: { id, qid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierKeys.quotations(id) }),
  })
}
