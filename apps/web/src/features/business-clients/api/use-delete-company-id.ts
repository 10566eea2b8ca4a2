import { endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

/** DELETE /businessclients/{id}/companyids/{cid}. */
export function useDeleteCompanyId(id: string) {
  const setClient = useSetBusinessClient()
  return useMutation({
    mutationFn: (cid: string) => call(endpoints.businessClients.deleteCompanyId, { params: { id, cid } }),
    onSuccess: setClient,
  })
}
