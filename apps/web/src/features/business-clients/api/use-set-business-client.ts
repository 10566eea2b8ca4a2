import type { BusinessClient } from '@expedo/domain'
import { useQueryClient } from '@tanstack/react-query'
import { businessClientKeys } from './business-client-keys'

/** Every change answers the whole business client: put it straight into the cache. */
export function useSetBusinessClient() {
  const queryClient = useQueryClient()
  return (client: BusinessClient) => queryClient.setQueryData(businessClientKeys.detail(client._id), client)
}
