import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { orderListKeys } from './order-list-keys'

const PICKER_STALE_MS = 300_000

/** The couriers of every picker (lib/use-couriers). */
export { useCouriers } from '@/lib/use-couriers'

/** `GET /orders/assignees`: the assign-user modal (staff who process orders). */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: orderListKeys.assignees(),
    queryFn: () => call(endpoints.orders.assignees),
    staleTime: PICKER_STALE_MS,
    enabled,
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
