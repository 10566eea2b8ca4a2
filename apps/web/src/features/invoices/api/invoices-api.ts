import {
  type EndpointInput,
  endpoints,
  type Invoice,
  type InvoiceListQuery,
  type NumberSeriesInput,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys'

/** Query keys of the invoicing area (one factory: lists, details and series refresh together). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: Partial<InvoiceListQuery>) => ['invoices', 'list', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  creditNote: (id: string) => ['invoices', 'detail', id, 'creditnote'] as const,
  series: (businessclient?: string) => ['invoices', 'series', businessclient ?? ''] as const,
}

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /invoices with the list's filters. Silent: the page shows a refusal in place of the list. */
export function useInvoiceList(query: Partial<InvoiceListQuery>) {
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: () => call(endpoints.invoices.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/**
 * GET /invoices/{id} (an invoice or a credit note), or GET /creditnotes/{id} for /creditnote/{id}: an
 * invoice's id there is not found. Silent: the page shows its own not-found.
 */
export function useInvoice(id: string, creditNoteOnly = false) {
  return useQuery({
    queryKey: creditNoteOnly ? invoiceKeys.creditNote(id) : invoiceKeys.detail(id),
    queryFn: () =>
      call(creditNoteOnly ? endpoints.invoices.getCreditNote : endpoints.invoices.get, { params: { id } }),
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** Puts the document a call answered into its cache and refreshes the lists. */
function useSetInvoice() {
  const queryClient = useQueryClient()
  return (invoice: Invoice) => {
    queryClient.setQueryData(invoiceKeys.detail(invoice._id), invoice)
    if (invoice.kind === 'creditnote') queryClient.setQueryData(invoiceKeys.creditNote(invoice._id), invoice)
    void queryClient.invalidateQueries({ queryKey: ['invoices', 'list'] })
  }
}

export type InvoiceField = EndpointInput<typeof endpoints.invoices.update>['query']
export type AddInvoiceItemInput = EndpointInput<typeof endpoints.invoices.addItem>['body']
export type CreditNoteInput = EndpointInput<typeof endpoints.invoices.creditNote>['body']

/**
 * PUT /invoices/{id}?<one field>. An emptied field is sent as `?field=` (else the call would name no field).
 * Silent: the field shows the server's reason under itself.
 */
export function useUpdateInvoice(id: string) {
  const setInvoice = useSetInvoice()
  const keys = useIdempotencyKeys()
  return useMutation({
    meta: { silent: true },
    mutationFn: (query: InvoiceField) =>
      call(
        endpoints.invoices.update,
        { params: { id }, query },
        { keepEmptyQuery: true, idempotencyKey: keys.keyFor([id, query]) },
      ),
    onSuccess: (invoice, query) => {
      keys.done([id, query])
      setInvoice(invoice)
    },
  })
}

/** POST /invoices/{id}: adds an item to a draft. Silent: the form shows the reason. */
export function useAddInvoiceItem(id: string) {
  const setInvoice = useSetInvoice()
  const keys = useIdempotencyKeys()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: AddInvoiceItemInput) =>
      call(endpoints.invoices.addItem, { params: { id }, body }, { idempotencyKey: keys.keyFor([id, body]) }),
    onSuccess: (invoice, body) => {
      keys.done([id, body])
      setInvoice(invoice)
    },
  })
}

/** POST /invoices/{id}/{itemId}: removes an item of a draft. */
export function useRemoveInvoiceItem(id: string) {
  const setInvoice = useSetInvoice()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (itemId: string) =>
      call(
        endpoints.invoices.removeItem,
        { params: { id, itemId } },
        { idempotencyKey: keys.keyFor([id, itemId]) },
      ),
    onSuccess: (invoice, itemId) => {
      keys.done([id, itemId])
      setInvoice(invoice)
    },
  })
}

/** POST /invoices/{id}/issue: the draft takes its number. */
export function useIssueInvoice(id: string) {
  const setInvoice = useSetInvoice()
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: () => call(endpoints.invoices.issue, { params: { id } }, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: (invoice) => {
      keys.done(id)
      setInvoice(invoice)
      void queryClient.invalidateQueries({ queryKey: ['invoices', 'series'] })
    },
  })
}

/** POST /invoices/{id}/creditnote: issues a credit note; answers it. Silent: the modal shows the reason. */
export function useCreateCreditNote(id: string) {
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreditNoteInput) =>
      call(
        endpoints.invoices.creditNote,
        { params: { id }, body },
        { idempotencyKey: keys.keyFor([id, body]) },
      ),
    onSuccess: (note, body) => {
      keys.done([id, body])
      queryClient.setQueryData(invoiceKeys.detail(note._id), note)
      queryClient.setQueryData(invoiceKeys.creditNote(note._id), note)
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all })
    },
  })
}

/** GET /settings/sequences (a staff user names the business client). */
export function useNumberSeries(businessclient?: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.series(businessclient),
    queryFn: () => call(endpoints.invoices.series, { query: { businessclient } }),
    enabled,
  })
}

/** POST /settings/sequences. Silent: the form shows the reason. */
export function useCreateNumberSeries() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: NumberSeriesInput) => call(endpoints.invoices.createSeries, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invoices', 'series'] }),
  })
}

/** DELETE /settings/sequences/{id}. Silent: the page says why a series cannot go (409). */
export function useDeleteNumberSeries() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: string) => call(endpoints.invoices.deleteSeries, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invoices', 'series'] }),
  })
}

/** GET /settings/vatrates. */
export function useVatRates() {
  return useQuery({
    queryKey: ['invoices', 'vatrates'],
    queryFn: () => call(endpoints.invoices.vatRates, { query: {} }),
  })
}

/** GET /settings/exchangerates (the latest 30). */
export function useExchangeRates() {
  return useQuery({
    queryKey: ['invoices', 'exchangerates'],
    queryFn: () => call(endpoints.invoices.exchangeRates, { query: {} }),
  })
}

export type VatRateBody = EndpointInput<typeof endpoints.invoices.createVatRate>['body']
export type ExchangeRateBody = EndpointInput<typeof endpoints.invoices.setExchangeRate>['body']

/** POST /settings/vatrates. Silent: the form shows the reason. */
export function useAddVatRate() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: VatRateBody) => call(endpoints.invoices.createVatRate, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invoices', 'vatrates'] }),
  })
}

/** POST /settings/exchangerates. Silent: the form shows the reason. */
export function useSetExchangeRate() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: ExchangeRateBody) => call(endpoints.invoices.setExchangeRate, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invoices', 'exchangerates'] }),
  })
}
