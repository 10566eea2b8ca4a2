import {
  type EndpointInput,
  type Eshop,
  type EshopUpdateBody,
  endpoints,
  SHOPTET_IMPORT_FIRST_PAGE,
  SHOPTET_IMPORT_PAGE_SIZE,
  type ShoptetProductImport,
} from '@expedo/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'

/** Query keys of the e-shop connections. */
export const eshopKeys = {
  all: ['eshops'] as const,
  list: (query: EshopListQuery) => ['eshops', 'list', query] as const,
  detail: (id: string) => ['eshops', 'detail', id] as const,
  statuses: (id: string) => ['eshops', 'statuses', id] as const,
  productJob: (id: string) => ['eshops', 'product-job', id] as const,
}

export type EshopListQuery = EndpointInput<typeof endpoints.eshops.list>['query']

const notFoundIsFinal = (count: number, error: unknown) =>
  !(error instanceof ApiClientError && error.status < 500) && count < 2

/** GET /settings/eshops: the caller's connections (staff: all, or one business client's). */
export function useEshopList(query: EshopListQuery) {
  return useQuery({
    queryKey: eshopKeys.list(query),
    queryFn: () => call(endpoints.eshops.list, { query }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/** GET /settings/eshops/{id}. Silent: the page shows its own not-found. */
export function useEshop(id: string) {
  return useQuery({
    queryKey: eshopKeys.detail(id),
    queryFn: () => call(endpoints.eshops.get, { params: { id } }),
    meta: { silent: true },
    retry: notFoundIsFinal,
  })
}

/**
 * GET /settings/eshops/{id}/statuses: the shop's order statuses at Shoptet, asked only of an active
 * connection. Silent: without them the select offers only "do not change the status".
 */
export function useShoptetStatuses(id: string, enabled: boolean) {
  return useQuery({
    queryKey: eshopKeys.statuses(id),
    queryFn: () => call(endpoints.eshops.statuses, { params: { id } }),
    enabled,
    staleTime: 300_000,
    meta: { silent: true },
    retry: false,
  })
}

/** The connection with one dotted key set, for the optimistic cache update. */
function withChange(eshop: Eshop, change: EshopUpdateBody): Eshop {
  const next = structuredClone(eshop)
  for (const [key, value] of Object.entries(change)) {
    if (key === 'isActive') next.isActive = value as boolean
    else if (key.startsWith('shoptet_settings.')) {
      const setting = key.slice('shoptet_settings.'.length) as keyof Eshop['shoptet_settings']
      Object.assign(next.shoptet_settings, { [setting]: value })
    }
  }
  return next
}

/**
 * PUT /settings/eshops/{id} with one key. Optimistic: the control moves at once and moves back when the
 * server refuses; the server's answer then settles the page.
 */
export function useUpdateEshop(id: string) {
  const queryClient = useQueryClient()
  const key = eshopKeys.detail(id)
  return useMutation({
    mutationKey: [...key, 'update'],
    mutationFn: (body: EshopUpdateBody) => call(endpoints.eshops.update, { params: { id }, body }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<Eshop>(key)
      if (before) queryClient.setQueryData<Eshop>(key, withChange(before, change))
      return { before }
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSuccess: (eshop) => {
      queryClient.setQueryData(key, eshop)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['eshops', 'list'] }),
    // The page says 'Updated' or the server's reason itself (use-save-setting.ts).
    meta: { silent: true },
  })
}

export type ProductJobKind = ShoptetProductImport['kind']

/**
 * GET /shoptet/products (import all: page 1, 10 per page, spec §9) or PUT /shoptet/products (update the
 * linked ones): starts the job on the server and answers its first progress.
 */
export function useStartProductJob(eshop: Pick<Eshop, '_id' | 'businessclient'>) {
  return useMutation({
    mutationFn: (kind: ProductJobKind) => {
      const scope = { businessclient: eshop.businessclient, eshop: eshop._id }
      return kind === 'import'
        ? call(endpoints.shoptet.importProducts, {
            query: { ...scope, page: SHOPTET_IMPORT_FIRST_PAGE, itemsPerPage: SHOPTET_IMPORT_PAGE_SIZE },
          })
        : call(endpoints.shoptet.updateProducts, { body: scope })
    },
    // The card shows the refusal under its buttons.
    meta: { silent: true },
  })
}

const isFinished = (job: ShoptetProductImport | undefined) =>
  job?.status === 'done' || job?.status === 'failed'

/** GET /shoptet/products/imports/{id}: the job's progress, polled every second until it ends. */
export function useProductJob(started: ShoptetProductImport | null) {
  return useQuery({
    queryKey: eshopKeys.productJob(started?._id ?? ''),
    queryFn: () => call(endpoints.shoptet.productImport, { params: { id: started?._id ?? '' } }),
    enabled: started !== null && !isFinished(started),
    initialData: started ?? undefined,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 1000),
  })
}
