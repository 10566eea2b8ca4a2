import { type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

export type InboundListBody = NonNullable<EndpointInput<typeof endpoints.inbound.list>['body']>
export type CreateInboundBody = NonNullable<EndpointInput<typeof endpoints.inbound.create>['body']>
export type GoodsLine = NonNullable<EndpointInput<typeof endpoints.inbound.receive>['body']>

/** Query keys of the inbound area. */
export const inboundKeys = {
  all: ['inbound'] as const,
  list: (body: object) => [...inboundKeys.all, 'list', body] as const,
  detail: (id: string) => [...inboundKeys.all, 'detail', id] as const,
  unpaired: () => [...inboundKeys.all, 'unpaired'] as const,
}

/** POST /shipments/inbound: a page of shipments. */
export function useInboundList(body: InboundListBody) {
  return useQuery({
    queryKey: inboundKeys.list(body),
    queryFn: () => call(endpoints.inbound.list, { body }),
    placeholderData: keepPreviousData,
  })
}

/** GET /shipments/inbound/{id}. */
export function useInboundShipment(id: string) {
  return useQuery({
    queryKey: inboundKeys.detail(id),
    queryFn: () => call(endpoints.inbound.get, { params: { id } }),
  })
}

/** The receiving calls (operators): create, receive a line, add photos, process. */
export function useInboundActions(id = '') {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: inboundKeys.all })
  return {
    create: useMutation({
      mutationFn: (body: CreateInboundBody) => call(endpoints.inbound.create, { body }),
      onSuccess: refresh,
    }),
    receive: useMutation({
      mutationFn: (body: GoodsLine) => call(endpoints.inbound.receive, { params: { id }, body }),
      onSuccess: (data) => {
        queryClient.setQueryData(inboundKeys.detail(id), data)
        void refresh()
        void queryClient.invalidateQueries({ queryKey: ['stock'] })
      },
    }),
    addPhotos: useMutation({
      mutationFn: (photos: string[]) =>
        call(endpoints.inbound.addPhotos, { params: { id }, body: { photos } }),
      onSuccess: (data) => queryClient.setQueryData(inboundKeys.detail(id), data),
    }),
    process: useMutation({
      mutationFn: () => call(endpoints.inbound.process, { params: { id } }),
      onSuccess: (data) => {
        queryClient.setQueryData(inboundKeys.detail(id), data)
        void refresh()
      },
    }),
  }
}

/** GET /company/: supplier companies. */
export function useCompanies() {
  return useQuery({
    queryKey: ['companies'],
    queryFn: () => call(endpoints.stock.companies),
    staleTime: 300_000,
  })
}

/** GET /businessclients: clients for pickers (staff). */
export function useClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['business-clients', 'picker'],
    queryFn: () => call(endpoints.businessClients.list, { query: {} }),
    enabled,
  })
}
