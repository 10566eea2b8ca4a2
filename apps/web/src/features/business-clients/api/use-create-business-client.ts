import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { sessionStore } from '@/lib/session'
import { businessClientKeys } from './business-client-keys'

type CreateBody = EndpointInput<typeof endpoints.businessClients.create>['body']

/**
 * POST /businessclients. A client user without a company is linked to the new one and gets a new token:
 * it is stored, so the menu and every later call see the link.
 */
export function useCreateBusinessClient() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateBody) => call(endpoints.businessClients.create, { body }),
    onSuccess: async ({ token, ...client }) => {
      if (token) {
        sessionStore.signIn({ token })
        // The scope of every cached answer may have changed with the new token.
        await queryClient.invalidateQueries()
      }
      queryClient.setQueryData(businessClientKeys.detail(client._id), client)
    },
  })
}
