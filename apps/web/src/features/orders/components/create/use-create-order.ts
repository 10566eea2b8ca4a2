import { endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import type { CreateOrderBody } from './create-order-values'

/** POST /orders/create/new; the form shows its own errors (field details under their fields). */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateOrderBody) => call(endpoints.orders.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
}
