import { endpoints, type WarehouseAddressBody } from '@expedo/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

export const warehouseAddressKey = (id: string) => ['warehouse-address', id] as const

/** GET /warehouses/:id/address: the warehouse's sender address on its labels (the floor staff read it). */
export function useWarehouseAddress(id: string, enabled = true) {
  return useQuery({
    queryKey: warehouseAddressKey(id),
    queryFn: () => call(endpoints.warehouses.address, { params: { id } }),
    enabled: enabled && Boolean(id),
  })
}

/** PUT /warehouses/:id/address (an admin). Silent: the form shows the error under its fields. */
export function useSetWarehouseAddress(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WarehouseAddressBody) =>
      call(endpoints.warehouses.setAddress, { params: { id }, body }),
    meta: { silent: true },
    onSuccess: (answer) => queryClient.setQueryData(warehouseAddressKey(id), answer),
  })
}
