import { endpoints, PRODUCT_SEARCH_MIN_CHARS } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

/** The term as the product search takes it: trimmed, and '' below PRODUCT_SEARCH_MIN_CHARS characters (spec §9). */
export function productSearchTerm(term: string): string {
  const trimmed = term.trim()
  return trimmed.length >= PRODUCT_SEARCH_MIN_CHARS ? trimmed : ''
}

export interface ProductSearchOptions {
  /** Only this business client's products. */
  businessclient?: string | undefined
  /** Without a term, list the newest products (a picker) rather than ask nothing (a filter). */
  browse?: boolean
  enabled?: boolean
}

/**
 * GET /products for the product pickers and filters of every screen: 20 products, newest first, found by
 * name, SKU or barcode once the term is long enough. Kept under ['products', 'list'], so a created or
 * imported product refreshes every picker.
 */
export function useProductSearch(term: string, options: ProductSearchOptions = {}) {
  const { businessclient, browse = false, enabled = true } = options
  const searchTerm = productSearchTerm(term)
  return useQuery({
    queryKey: ['products', 'list', { picker: true, businessclient: businessclient ?? '', searchTerm }],
    queryFn: () =>
      call(endpoints.products.list, {
        query: {
          itemsPerPage: 20,
          ...(businessclient ? { businessclient: [businessclient] } : {}),
          ...(searchTerm ? { searchTerm } : {}),
        },
      }),
    enabled: enabled && (browse || searchTerm !== ''),
  })
}
