import { type BusinessClient, type BusinessProfile, endpoints } from '@expedo/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { businessClientKeys } from './business-client-keys'

export type BusinessProfilePatch = Partial<BusinessProfile>

const mutationKey = (id: string) => [...businessClientKeys.detail(id), 'businessprofile'] as const

/**
 * PUT /businessclients/{id}/businessprofile with `{ key: value }`. Optimistic: the switch moves at once and
 * moves back if the call fails. Only the keys of the failed call are rolled back, so quick toggles of
 * several switches do not undo each other.
 */
export function useUpdateBusinessProfile(id: string) {
  const queryClient = useQueryClient()
  const key = businessClientKeys.detail(id)
  const patchCache = (patch: BusinessProfilePatch) =>
    queryClient.setQueryData<BusinessClient>(key, (client) =>
      client ? { ...client, businessprofile: { ...client.businessprofile, ...patch } } : client,
    )

  return useMutation({
    mutationKey: mutationKey(id),
    mutationFn: (patch: BusinessProfilePatch) =>
      call(endpoints.businessClients.updateBusinessProfile, { params: { id }, body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<BusinessClient>(key)?.businessprofile
      const previous: BusinessProfilePatch = {}
      for (const name of Object.keys(patch) as (keyof BusinessProfile)[]) {
        if (before) previous[name] = before[name]
      }
      patchCache(patch)
      return { previous }
    },
    onError: (_error, _patch, context) => {
      if (context) patchCache(context.previous)
    },
    onSettled: () => {
      // The last call to finish refreshes from the server; earlier ones would flicker the later switches.
      if (queryClient.isMutating({ mutationKey: mutationKey(id) }) === 1) {
        return queryClient.invalidateQueries({ queryKey: key })
      }
    },
  })
}
