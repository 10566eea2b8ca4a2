import { endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetProduct } from './use-update-product'

/** POST /products/{id}/addeshopid: the card shows its own success and error messages. */
export function useAddEshopId(id: string) {
  const setProduct = useSetProduct()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { productId: string; eshop: string }) =>
      call(endpoints.products.addEshopId, { params: { id }, body }),
    onSuccess: setProduct,
  })
}

/** DELETE /products/{id}/deleteeshopid/{itemId}. */
export function useDeleteEshopId(id: string) {
  const setProduct = useSetProduct()
  return useMutation({
    meta: { silent: true },
    mutationFn: (itemId: string) => call(endpoints.products.deleteEshopId, { params: { id, itemId } }),
    onSuccess: setProduct,
  })
}
