import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

export type CompanyIdInput = EndpointInput<typeof endpoints.businessClients.addCompanyId>['body']

/** POST /businessclients/{id}/companyids: adds a company id for a country. */
export function useAddCompanyId(id: string) {
  const setClient = useSetBusinessClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: CompanyIdInput) =>
      call(endpoints.businessClients.addCompanyId, { params: { id }, body: input }),
    onSuccess: setClient,
  })
}
