import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { productKeys } from './product-keys'

/** GET /settings/eshops: the e-shops of the product's business client, for the API-settings card. */
export function useEshops(businessclient: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: productKeys.eshops(businessclient),
    queryFn: () => call(endpoints.eshops.list, { query: { businessclient } }),
  })
}
