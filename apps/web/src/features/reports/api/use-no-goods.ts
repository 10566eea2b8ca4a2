import { endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

export interface NoGoodsFilters {
  /** Ship-to country (the stored English name); '' = all. */
  country: string
  /** A warehouse id; '' = every warehouse. */
  shipFrom: string
}

/** GET /reports/nogoods/: No goods orders grouped by business client and country. */
export function useNoGoods({ country, shipFrom }: NoGoodsFilters) {
  return useQuery({
    queryKey: ['reports', 'nogoods', { country, shipFrom }],
    queryFn: () =>
      call(endpoints.reports.noGoods, {
        query: { country: country || undefined, shipFrom: shipFrom || undefined },
      }),
    placeholderData: keepPreviousData,
  })
}
