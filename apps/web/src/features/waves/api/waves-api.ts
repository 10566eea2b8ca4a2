import {
  type EndpointInput,
  endpoints,
  type PickBody,
  type ShortPickBody,
  type WaveListQuery,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** What a release sends (the cut-off as an ISO string). */
export type WaveReleaseInput = EndpointInput<typeof endpoints.waves.release>['body']

/** Query keys of the waves area (one factory: invalidation by prefix). */
export const waveKeys = {
  all: ['waves'] as const,
  list: (query: Partial<WaveListQuery>) => ['waves', 'list', query] as const,
  detail: (id: string) => ['waves', 'detail', id] as const,
  preview: (body: Partial<WaveReleaseInput>) => ['waves', 'preview', body] as const,
  discrepancies: (status: string) => ['waves', 'discrepancies', status] as const,
}

/** GET /waves: newest first, filters in the caller's URL. */
export function useWaves(query: WaveListQuery) {
  return useQuery({
    queryKey: waveKeys.list(query),
    queryFn: () => call(endpoints.waves.list, { query }),
    placeholderData: keepPreviousData,
  })
}

/** GET /waves/:id: the wave, its orders by slot and its pick list. */
export function useWave(id: string) {
  return useQuery({
    queryKey: waveKeys.detail(id),
    queryFn: () => call(endpoints.waves.detail, { params: { id } }),
  })
}

/** POST /waves/preview: how many orders a release would take now (runs once a warehouse is chosen). */
export function useWavePreview(body: WaveReleaseInput | null) {
  return useQuery({
    queryKey: waveKeys.preview(body ?? {}),
    queryFn: () => call(endpoints.waves.preview, { body: body! }),
    enabled: body !== null,
    meta: { silent: true },
  })
}

/** POST /waves: silent, the form shows the error. */
export function useReleaseWave() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WaveReleaseInput) => call(endpoints.waves.release, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waveKeys.all }),
  })
}

/** The picker's calls: each answer is shown on the picking screen (silent: no toast over the scan). */
export function usePicking(waveId: string) {
  const queryClient = useQueryClient()
  const settled = () => queryClient.invalidateQueries({ queryKey: waveKeys.detail(waveId) })
  const options = { meta: { silent: true }, onSettled: settled }
  return {
    next: useMutation({
      mutationFn: () => call(endpoints.waves.next, { params: { id: waveId } }),
      ...options,
    }),
    pick: useMutation({
      mutationFn: ({ lineId, body }: { lineId: string; body: PickBody }) =>
        call(endpoints.waves.pick, { params: { id: waveId, lineId }, body }),
      ...options,
    }),
    short: useMutation({
      mutationFn: ({ lineId, body }: { lineId: string; body: ShortPickBody }) =>
        call(endpoints.waves.short, { params: { id: waveId, lineId }, body }),
      ...options,
    }),
    putBack: useMutation({
      mutationFn: ({ lineId, location }: { lineId: string; location: string }) =>
        call(endpoints.waves.putBack, { params: { id: waveId, lineId }, body: { location } }),
      ...options,
    }),
  }
}

/** GET /waves/discrepancies: short picks by status. */
export function useDiscrepancies(status: 'open' | 'confirmed' | 'dismissed', enabled = true) {
  return useQuery({
    queryKey: waveKeys.discrepancies(status),
    queryFn: () => call(endpoints.waves.discrepancies, { query: { status } }),
    enabled,
  })
}

/** Confirm (adjusts the stock) or dismiss a short pick. */
export function useResolveDiscrepancy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, confirm, reason }: { id: string; confirm: boolean; reason: string }) =>
      confirm
        ? call(endpoints.waves.confirmDiscrepancy, { params: { id }, body: { reason } })
        : call(endpoints.waves.dismissDiscrepancy, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waveKeys.all }),
  })
}
