import {
  type Bill,
  type BillItemUpdateBody,
  type BillListQuery,
  endpoints,
  type IssuerInput,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { useIdempotencyKeys } from '@/lib/use-idempotency-keys'

/** Query keys of the bills area. */
export const billKeys = {
  all: ['bills'] as const,
  list: (query: Partial<BillListQuery>) => ['bills', 'list', query] as const,
  detail: (id: string) => ['bills', 'detail', id] as const,
  services: (id: string, page: number, size: number) => ['bills', 'services', id, page, size] as const,
  issuers: ['bills', 'issuers'] as const,
}

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /bills with the list's filters (empty values dropped). Silent: the page shows the refusal. */
export function useBillList(query: Partial<BillListQuery>) {
  return useQuery({
    queryKey: billKeys.list(query),
    queryFn: () => call(endpoints.bills.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /bills/{id}. Silent: the page shows its own not-found. */
export function useBill(id: string) {
  return useQuery({
    queryKey: billKeys.detail(id),
    queryFn: () => call(endpoints.bills.get, { params: { id } }),
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /bills/{id}/services: the summary per service name and a page of the services. */
export function useBillServices(id: string, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: billKeys.services(id, page, itemsPerPage),
    queryFn: () => call(endpoints.bills.services, { params: { id }, query: { page, itemsPerPage } }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

function useSetBill() {
  const queryClient = useQueryClient()
  return (bill: Bill) => {
    queryClient.setQueryData(billKeys.detail(bill._id), bill)
    void queryClient.invalidateQueries({ queryKey: ['bills', 'list'] })
  }
}

/** PUT /bills/{id}/items/{itemId}: one edited cell (totals follow). */
export function useUpdateBillItem(id: string) {
  const setBill = useSetBill()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (input: { itemId: string; body: BillItemUpdateBody }) =>
      call(
        endpoints.bills.updateItem,
        { params: { id, itemId: input.itemId }, body: input.body },
        { idempotencyKey: keys.keyFor([id, input]) },
      ),
    onSuccess: (bill, input) => {
      keys.done([id, input])
      setBill(bill)
    },
  })
}

/** POST /bills/{id}/lock, /pay. */
export function useBillAction(id: string, action: 'lock' | 'pay') {
  const setBill = useSetBill()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: () =>
      call(endpoints.bills[action], { params: { id } }, { idempotencyKey: keys.keyFor([id, action]) }),
    onSuccess: (bill) => {
      keys.done([id, action])
      setBill(bill)
    },
  })
}

/** POST /bills/{id}/creditnote with its reason (required, printed). */
export function useCreditBill(id: string) {
  const setBill = useSetBill()
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (reason: string) =>
      call(
        endpoints.bills.creditNote,
        { params: { id }, body: { reason } },
        { idempotencyKey: keys.keyFor([id, 'creditNote']) },
      ),
    onSuccess: (note) => {
      keys.done([id, 'creditNote'])
      void queryClient.invalidateQueries({ queryKey: billKeys.detail(id) })
      setBill(note)
    },
  })
}

/** POST /bills/run: the bill run of a month (finance). */
export function useRunBills() {
  const queryClient = useQueryClient()
  const keys = useIdempotencyKeys()
  return useMutation({
    mutationFn: (body: { period: string; businessclient?: string }) =>
      call(endpoints.bills.run, { body }, { idempotencyKey: keys.keyFor(body) }),
    onSuccess: (_result, body) => {
      keys.done(body)
      return queryClient.invalidateQueries({ queryKey: ['bills', 'list'] })
    },
  })
}

export function useIssuers() {
  return useQuery({ queryKey: billKeys.issuers, queryFn: () => call(endpoints.bills.issuers, {}) })
}

export function useSaveIssuer() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id?: string; body: IssuerInput }) =>
      id
        ? call(endpoints.bills.updateIssuer, { params: { id }, body })
        : call(endpoints.bills.createIssuer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.issuers }),
  })
}
