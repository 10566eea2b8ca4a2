import { endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { groupKeys } from './group-keys'
import { useSetGroup } from './use-group'

/** POST /products/groups/ {name, products}. */
export function useCreateGroup() {
  const setGroup = useSetGroup()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { name: string; products: string[]; businessclient?: string }) =>
      call(endpoints.productGroups.create, { body }),
    onSuccess: setGroup,
  })
}

/** PUT /products/groups/{id} {name}. */
export function useRenameGroup(id: string) {
  const setGroup = useSetGroup()
  return useMutation({
    meta: { silent: true },
    mutationFn: (name: string) => call(endpoints.productGroups.rename, { params: { id }, body: { name } }),
    onSuccess: setGroup,
  })
}

/** DELETE /products/groups/{id}. */
export function useDeleteGroup(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.productGroups.delete, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: groupKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() })
    },
  })
}

/** POST /products/groups/{id}/products {products}. */
export function useAddGroupProducts(id: string) {
  const setGroup = useSetGroup()
  return useMutation({
    mutationFn: (products: string[]) =>
      call(endpoints.productGroups.addProducts, { params: { id }, body: { products } }),
    onSuccess: setGroup,
  })
}

/** DELETE /products/groups/{id}/products/{productId}. */
export function useRemoveGroupProduct(id: string) {
  const setGroup = useSetGroup()
  return useMutation({
    mutationFn: (productId: string) =>
      call(endpoints.productGroups.removeProduct, { params: { id, productId } }),
    onSuccess: setGroup,
  })
}
