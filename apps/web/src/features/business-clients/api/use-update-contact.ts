import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

export type ContactPatch = EndpointInput<typeof endpoints.businessClients.updateContact>['body']

/** PUT /businessclients/{id}/contacts/{contactId}: edits the changed fields of a contact. */
export function useUpdateContact(id: string) {
  const setClient = useSetBusinessClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ contactId, patch }: { contactId: string; patch: ContactPatch }) =>
      call(endpoints.businessClients.updateContact, { params: { id, contactId }, body: patch }),
    onSuccess: setClient,
  })
}
