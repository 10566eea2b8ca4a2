import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

export type CompanyIdPatch = EndpointInput<typeof endpoints.businessClients.updateCompanyId>['body']

/** PUT /businessclients/{id}/companyids/{cid}: edits the changed fields of a company id. */
export function useUpdateCompanyId(id: string) {
  const setClient = useSetBusinessClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ cid, patch }: { cid: string; patch: CompanyIdPatch }) =>
      call(endpoints.businessClients.updateCompanyId, { params: { id, cid }, body: patch }),
    onSuccess: setClient,
  })
}
