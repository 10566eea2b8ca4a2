import { endpoints, type RateCardInput, type ServicesBillableBody } from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'

/** Query keys of the services area (the list, the running bill and the rate cards refresh together). */
export const serviceKeys = {
  all: ['services'] as const,
  list: (body: Partial<ServicesBillableBody>) => ['services', 'list', body] as const,
  running: (businessclient?: string) => ['services', 'running', businessclient ?? ''] as const,
  rateCards: ['services', 'ratecards'] as const,
}

const clientErrorIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** POST /services/billable. Silent: the page shows a refusal in place of the list. */
export function useServiceList(body: Partial<ServicesBillableBody>) {
  return useQuery({
    queryKey: serviceKeys.list(body),
    queryFn: () => call(endpoints.services.billable, { body }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

/** GET /services/running: this month's not-billed services by service name. */
export function useRunningBill(enabled: boolean, businessclient?: string) {
  return useQuery({
    queryKey: serviceKeys.running(businessclient),
    queryFn: () => call(endpoints.services.running, { query: businessclient ? { businessclient } : {} }),
    enabled,
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

export function useRateCards() {
  return useQuery({
    queryKey: serviceKeys.rateCards,
    queryFn: () => call(endpoints.services.rateCards, { query: {} }),
    meta: { silent: true },
    retry: clientErrorIsFinal,
  })
}

/** POST /ratecards, or PUT /ratecards/{id} when editing. Silent: the form shows the server's reason. */
export function useSaveRateCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RateCardInput }) =>
      id
        ? call(endpoints.services.updateRateCard, { params: { id }, body: input })
        : call(endpoints.services.createRateCard, { body: input }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.rateCards }),
  })
}

export function useDeleteRateCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call(endpoints.services.deleteRateCard, { params: { id } }),
    onSuccess: (cards) => queryClient.setQueryData(serviceKeys.rateCards, cards),
  })
}
