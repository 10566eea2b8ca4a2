import { type EndpointInput, endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { stockKeys } from './stock-keys'

export type StockListBody = NonNullable<EndpointInput<typeof endpoints.stock.stocks>['body']>
export type StockAtDateBody = NonNullable<EndpointInput<typeof endpoints.stock.stocksAtDate>['body']>

/** POST /inventorycards/stocks: a page of stock rows with totals. */
export function useStocks(body: StockListBody, enabled = true) {
  return useQuery({
    queryKey: stockKeys.list(body),
    queryFn: () => call(endpoints.stock.stocks, { body }),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** POST /inventorycards/stocks_atdate: the balances at a past date (beta). */
export function useStocksAtDate(body: StockAtDateBody | null) {
  return useQuery({
    queryKey: stockKeys.atDate(body ?? {}),
    queryFn: () => call(endpoints.stock.stocksAtDate, { body: body! }),
    placeholderData: keepPreviousData,
    enabled: body !== null,
  })
}
