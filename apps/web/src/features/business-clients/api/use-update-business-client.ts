import { type EndpointInput, endpoints, type UpdateBusinessClientBody } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

/** The body of PUT /businessclients/{id} as a caller writes it: `{ type, query }`. */
export type UpdateBusinessClientInput = EndpointInput<typeof endpoints.businessClients.update>['body']
export type UpdateType = UpdateBusinessClientBody['type']

/**
 * PUT /businessclients/{id} with `{ query, type }`: 'update' (name, address), 'new contact', 'remove contact',
 * 'new bankaccount', 'remove bankaccount'. `silent` when the caller shows errors itself (a form).
 */
export function useUpdateBusinessClient(id: string, options?: { silent?: boolean }) {
  const setClient = useSetBusinessClient()
  return useMutation({
    meta: { silent: !!options?.silent },
    mutationFn: (body: UpdateBusinessClientInput) =>
      call(endpoints.businessClients.update, { params: { id }, body }),
    onSuccess: setClient,
  })
}
