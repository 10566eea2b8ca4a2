import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { orderListKeys } from './order-list-keys'

const PICKER_STALE_MS = 300_000

/**
 * `GET /couriers`: every courier, for the list's courier filter, the assign-courier modal and the detail's
 * Shipping panel (which loads it only when the courier can be changed).
 */
export function useCouriers(enabled = true) {
  return useQuery({
    queryKey: orderListKeys.couriers(),
    queryFn: () => call(endpoints.couriers.list, { query: {} }),
    staleTime: PICKER_STALE_MS,
    enabled,
  })
}

/** `GET /orders/assignees`: the assign-user modal (staff who process orders). */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: orderListKeys.assignees(),
    queryFn: () => call(endpoints.orders.assignees),
    staleTime: PICKER_STALE_MS,
    enabled,
  })
}

/** `GET /businessclients`: the staff's business client filter. */
export function useBusinessClients(enabled: boolean) {
  return useQuery({
    queryKey: orderListKeys.businessClients(),
    queryFn: () => call(endpoints.businessClients.list, { query: {} }),
    staleTime: PICKER_STALE_MS,
    enabled,
  })
}

/** Products whose name, SKU or barcode contains the term (more than 2 characters). */
export function useProductSearch(term: string) {
  return useQuery({
    queryKey: orderListKeys.productSearch(term),
    queryFn: () => call(endpoints.products.list, { query: { searchTerm: term, itemsPerPage: 20 } }),
    enabled: term.length > 2,
  })
}

/** One product, to name the product filter of a link or a reload (the URL holds only its id). */
export function useProductName(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderListKeys.product(id),
    queryFn: () => call(endpoints.products.get, { params: { id } }),
    select: (data) => `${data.foundProduct.name} (${data.foundProduct.codes.sku})`,
    enabled: enabled && id !== '',
    staleTime: PICKER_STALE_MS,
    meta: { silent: true },
  })
}
