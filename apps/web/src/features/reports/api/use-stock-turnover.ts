import { endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

export interface StockTurnoverFilters {
  /** 7, 14 or 30. */
  days: number
  /** A warehouse id; '' = every warehouse. */
  warehouse: string
  /** Staff: a business client id; '' = all. */
  businessclient: string
  page: number
}

/** The export's query: the report's filters without the page. */
export const turnoverExportQuery = ({ days, warehouse, businessclient }: StockTurnoverFilters) => ({
  days,
  warehouse: warehouse || undefined,
  businessclient: businessclient || undefined,
})

/** GET /reports/stockturnover/: a page of 10 inventory cards with their turnover in the window. */
export function useStockTurnover(filters: StockTurnoverFilters) {
  return useQuery({
    queryKey: ['reports', 'stockturnover', filters],
    queryFn: () =>
      call(endpoints.reports.stockTurnover, {
        query: { ...turnoverExportQuery(filters), currentPage: filters.page },
      }),
    placeholderData: keepPreviousData,
  })
}
