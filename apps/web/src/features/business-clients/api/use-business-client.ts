import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { businessClientKeys } from './business-client-keys'

/** GET /businessclients/{id}: the profile with contacts, bank accounts, company ids and settings. */
export function useBusinessClient(id: string) {
  return useQuery({
    queryKey: businessClientKeys.detail(id),
    queryFn: () => call(endpoints.businessClients.get, { params: { id } }),
    // The page shows its own not-found or retry result; no toast on top of it.
    meta: { silent: true },
  })
}
