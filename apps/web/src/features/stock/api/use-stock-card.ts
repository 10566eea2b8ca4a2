import { endpoints } from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { stockKeys } from './stock-keys'

/** POST /warehouse/{warehouse_id}/inventory/{sku}: the card(s) of the movement page header. */
export function useStockCards(warehouse: string, sku: string) {
  return useQuery({
    queryKey: stockKeys.cards(warehouse, sku),
    queryFn: () => call(endpoints.stock.cards, { params: { warehouse_id: warehouse, sku } }),
  })
}

/** GET /warehouse/{warehouse_id}/inventory/{sku}/movement/{skip}/{limit}. */
export function useStockMovements(warehouse: string, sku: string, skip: number, limit: number) {
  return useQuery({
    queryKey: stockKeys.movements(warehouse, sku, skip, limit),
    queryFn: () => call(endpoints.stock.movements, { params: { warehouse_id: warehouse, sku, skip, limit } }),
    placeholderData: keepPreviousData,
  })
}

/** POST /inventorycards/{id}/adjust: an operator's correction with a reason. */
export function useAdjustStock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; quantity: number; reason: string }) =>
      call(endpoints.stock.adjust, {
        params: { id: input.id },
        body: { quantity: input.quantity, reason: input.reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  })
}
