import { endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { call, newIdempotencyKey } from '@/lib/api-client'
import type { CreateOrderBody } from './create-order-values'

/**
 * POST /orders/create/new; the form shows its own errors (field details under their fields). One
 * Idempotency-Key per order being created: a second click, or a retry after a lost answer, gets the order
 * the first one created (the server frees the key when a call is refused, so a corrected retry runs).
 */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateOrderBody) => call(endpoints.orders.create, { body }, { idempotencyKey }),
    onSuccess: () => {
      setIdempotencyKey(newIdempotencyKey())
      return queryClient.invalidateQueries({ queryKey: ['orders'] })
    },
  })
}
