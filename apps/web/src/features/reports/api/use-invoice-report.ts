import { endpoints } from '@expedo/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { call } from '@/lib/api-client'

export interface InvoiceReportFilters {
  /** YYYY-MM-DD; '' = the server's default (twelve months back). */
  dateFrom: string
  dateTo: string
}

/** GET /reports/invoices: issued invoices by month, year and country, with the credit note summary. */
export function useInvoiceReport({ dateFrom, dateTo }: InvoiceReportFilters) {
  return useQuery({
    queryKey: ['reports', 'invoices', { dateFrom, dateTo }],
    queryFn: () =>
      call(endpoints.invoices.report, {
        query: { dateFrom: dateFrom || undefined, dateTo: dateTo || undefined },
      }),
    placeholderData: keepPreviousData,
  })
}
