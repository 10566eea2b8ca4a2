import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { useSetBusinessClient } from './use-set-business-client'

export type BankAccountPatch = EndpointInput<typeof endpoints.businessClients.updateBankAccount>['body']

/** PUT /businessclients/{id}/bankaccounts/{accountId}: edits the changed fields of a bank account. */
export function useUpdateBankAccount(id: string) {
  const setClient = useSetBusinessClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ accountId, patch }: { accountId: string; patch: BankAccountPatch }) =>
      call(endpoints.businessClients.updateBankAccount, { params: { id, accountId }, body: patch }),
    onSuccess: setClient,
  })
}
