import { endpoints, type ParcelInput, type ParcelListQuery } from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiClientError, call, newIdempotencyKey } from '@/lib/api-client'

/** Query keys of the returned parcels area. */
export const parcelKeys = {
  all: ['parcels'] as const,
  list: (query: Partial<ParcelListQuery>) => ['parcels', 'list', query] as const,
  detail: (id: string) => ['parcels', 'detail', id] as const,
  lookup: (term: string) => ['parcels', 'lookup', term] as const,
}

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /parcels/inbound with the list's filters (empty values dropped). */
export function useParcelList(query: Partial<ParcelListQuery>) {
  return useQuery({
    queryKey: parcelKeys.list(query),
    queryFn: () => call(endpoints.parcels.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /parcels/inbound/{id}. Silent: the page shows its own not-found. */
export function useParcel(id: string) {
  return useQuery({
    queryKey: parcelKeys.detail(id),
    queryFn: () => call(endpoints.parcels.get, { params: { id } }),
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /parcels/inbound/lookup/order?term=: the register form's order search (runs when a term is given). */
export function useOrderLookup(term: string) {
  return useQuery({
    queryKey: parcelKeys.lookup(term),
    queryFn: () => call(endpoints.parcels.lookupOrder, { query: { term } }),
    enabled: term !== '',
  })
}

/**
 * POST /parcels/inbound: registers a parcel. One Idempotency-Key per parcel being registered: a second click,
 * or a retry after a lost answer, gets the parcel the first one created.
 */
export function useRegisterParcel() {
  const queryClient = useQueryClient()
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  return useMutation({
    mutationFn: (body: ParcelInput) => call(endpoints.parcels.create, { body }, { idempotencyKey }),
    onSuccess: () => {
      setIdempotencyKey(newIdempotencyKey())
      return queryClient.invalidateQueries({ queryKey: ['parcels', 'list'] })
    },
  })
}

/** PUT /parcels/inbound/{id}: changes a New parcel. */
export function useUpdateParcel(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ParcelInput) => call(endpoints.parcels.update, { params: { id }, body }),
    onSuccess: (parcel) => {
      queryClient.setQueryData(parcelKeys.detail(id), parcel)
      void queryClient.invalidateQueries({ queryKey: ['parcels', 'list'] })
    },
  })
}

/** POST /parcels/inbound/{id}/process: the items go back on stock. */
export function useProcessParcel(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.parcels.process, { params: { id } }),
    onSuccess: (parcel) => {
      queryClient.setQueryData(parcelKeys.detail(id), parcel)
      void queryClient.invalidateQueries({ queryKey: ['parcels', 'list'] })
      void queryClient.invalidateQueries({ queryKey: ['stock'] })
    },
  })
}
