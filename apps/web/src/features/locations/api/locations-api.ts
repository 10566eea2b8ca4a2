import {
  endpoints,
  type LocationBulkBody,
  type LocationListQuery,
  type MoveBody,
  type PutawayBody,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** Query keys of the locations area (one factory: invalidation by prefix). */
export const locationKeys = {
  all: ['locations'] as const,
  list: (query: Partial<LocationListQuery>) => ['locations', 'list', query] as const,
  scan: (warehouse: string, code: string) => ['locations', 'scan', warehouse, code] as const,
  suggestion: (warehouse: string, barcode: string) =>
    ['locations', 'suggestion', warehouse, barcode] as const,
}

/** GET /locations: a warehouse's locations in pick-path order (runs once a warehouse is chosen). */
export function useLocations(query: LocationListQuery | null) {
  return useQuery({
    queryKey: locationKeys.list(query ?? {}),
    queryFn: () => call(endpoints.locations.list, { query: query! }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  })
}

/** POST /locations/bulk: locations by ranges. Silent: the form shows the error under its fields. */
export function useBulkCreateLocations() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LocationBulkBody) => call(endpoints.locations.bulk, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}

/** GET /locations/scan: a location by its scanned code, with what lies there. */
export function useLocationScan(warehouse: string, code: string) {
  return useQuery({
    queryKey: locationKeys.scan(warehouse, code),
    queryFn: () => call(endpoints.locations.scan, { query: { warehouse, code } }),
    enabled: Boolean(warehouse && code),
    meta: { silent: true },
    retry: false,
  })
}

/** GET /locations/putaway/suggestion: where to put a scanned product. */
export function usePutawaySuggestion(warehouse: string, barcode: string) {
  return useQuery({
    queryKey: locationKeys.suggestion(warehouse, barcode),
    queryFn: () => call(endpoints.locations.suggestPutaway, { query: { warehouse, barcode } }),
    enabled: Boolean(warehouse && barcode),
    meta: { silent: true },
    retry: false,
  })
}

/** POST /locations/move. Silent: the scan screen answers in its own panel, with colour. */
export function useMoveStock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: MoveBody) => call(endpoints.locations.move, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}

/** POST /locations/putaway. Silent, as the move. */
export function usePutaway() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PutawayBody) => call(endpoints.locations.putaway, { body }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}
