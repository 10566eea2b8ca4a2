import type { ApiError, Currency } from '@expedo/domain'
import {
  type CodImportResult,
  type CodMismatchListQuery,
  type CodResolveBody,
  type CodTransferStatus,
  endpoints,
  type TransferCreateBody,
  type TransferListQuery,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call, newIdempotencyKey } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'
import { sessionStore } from '@/lib/session'
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys'

/** Query keys of the COD area. */
export const codKeys = {
  transfers: (query: Partial<TransferListQuery>) => ['cod', 'transfers', query] as const,
  transfer: (id: string, page: number, size: number) => ['cod', 'transfer', id, page, size] as const,
  preview: (businessclient: string, currency: string) =>
    ['cod', 'preview', businessclient, currency] as const,
  mismatches: (query: Partial<CodMismatchListQuery>) => ['cod', 'mismatches', query] as const,
}

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /transffers with the list's filters. Silent: the page shows the refusal. */
export function useTransferList(query: Partial<TransferListQuery>) {
  return useQuery({
    queryKey: codKeys.transfers(query),
    queryFn: () => call(endpoints.cod.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /transffers/{id} with a page of its orders. Silent: the page shows its own not-found. */
export function useTransfer(id: string, currentPage: number, itemsPerPage: number) {
  return useQuery({
    queryKey: codKeys.transfer(id, currentPage, itemsPerPage),
    queryFn: () => call(endpoints.cod.get, { params: { id }, query: { currentPage, itemsPerPage } }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /transffers/preview: what a new transfer would take (finance, before confirming). */
export function useTransferPreview(businessclient: string | undefined, currency: Currency | undefined) {
  return useQuery({
    queryKey: codKeys.preview(businessclient ?? '', currency ?? ''),
    queryFn: () =>
      call(endpoints.cod.preview, { query: { businessclient: businessclient!, currency: currency! } }),
    enabled: Boolean(businessclient && currency),
  })
}

const invalidateCod = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['cod'] })

/** POST /transffers (finance). */
export function useCreateTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TransferCreateBody) =>
      call(endpoints.cod.create, { body }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => invalidateCod(queryClient),
  })
}

/** PUT /transffers/{id} {status}: New → Sent → Paid (finance). */
export function useSetTransferStatus(id: string) {
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (status: CodTransferStatus) =>
      call(
        endpoints.cod.update,
        { params: { id }, body: { status } },
        { idempotencyKey: keys.keyFor([id, status]) },
      ),
    onSuccess: (_transfer, status) => {
      keys.done([id, status])
      return invalidateCod(queryClient)
    },
  })
}

/** POST /transffers/payment-file: the pain.001 file of the chosen New transfers (they become Sent). */
export function usePaymentFile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (transfers: string[]) =>
      fetchFile(endpoints.cod.paymentFile, { body: { transfers } }, undefined, 'cod-transfers.xml'),
    onSettled: () => invalidateCod(queryClient),
  })
}

/** GET /cod/mismatches (finance). */
export function useMismatches(query: Partial<CodMismatchListQuery>) {
  return useQuery({
    queryKey: codKeys.mismatches(query),
    queryFn: () => call(endpoints.cod.mismatches, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  })
}

/** POST /cod/mismatches/{id}/resolve. */
export function useResolveMismatch() {
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    // Silent: the modal shows a refused field under it (and anything else at the top).
    meta: { silent: true },
    mutationFn: (input: { id: string; body: CodResolveBody }) =>
      call(
        endpoints.cod.resolve,
        { params: { id: input.id }, body: input.body },
        { idempotencyKey: keys.keyFor(input) },
      ),
    onSuccess: (_mismatch, input) => {
      keys.done(input)
      return invalidateCod(queryClient)
    },
  })
}

/** POST /cod/payouts/econt {dateFrom, dateTo}. */
export function useImportEcont() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { dateFrom: string; dateTo: string }) => call(endpoints.cod.importEcont, { body }),
    onSuccess: () => invalidateCod(queryClient),
  })
}

/** POST /cod/mismatches/check-unpaid: queue the orders waiting too long for their payout. */
export function useCheckUnpaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.cod.checkUnpaid, { body: {} }),
    onSuccess: () => invalidateCod(queryClient),
  })
}

/** POST /cod/payouts/upload: a payout spreadsheet as multipart form data (one `file`). */
export function useUploadPayouts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File): Promise<CodImportResult> => {
      const form = new FormData()
      form.append('file', file)
      const token = sessionStore.get().token
      const res = await fetch(`/api${endpoints.cod.upload.path}`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
      if (!res.ok) {
        throw new ApiClientError(
          res.status,
          (body.code as 'VALIDATION_FAILED') ?? 'VALIDATION_FAILED',
          (body.message as string) ?? res.statusText,
          (body.details as Record<string, string>) ?? {},
          undefined,
          body.limit as ApiError['limit'],
        )
      }
      return body as CodImportResult
    },
    onSuccess: () => invalidateCod(queryClient),
  })
}
