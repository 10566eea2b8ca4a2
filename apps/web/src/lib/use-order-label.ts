import { endpoints, type LabelState } from '@expedo/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { ApiClientError, call } from './api-client'
import { sessionStore } from './session'

/** The label of an order: not under ['orders'], so an order's refresh does not refetch it twice. */
export const orderLabelKey = (id: string) => ['order-label', id] as const

/** How often the screen asks again while the courier makes the label. */
export const LABEL_POLL_MS = 2000

/**
 * GET /orders/{id}/label, shared by the order detail and the packing station: asked again every 2 s while
 * the label is `requested`. When it settles, the order has changed too (tracking number, AWB, errors), so
 * the orders' queries are refreshed.
 */
export function useOrderLabel(id: string, enabled = true) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: orderLabelKey(id),
    queryFn: () => call(endpoints.labels.get, { params: { id } }),
    enabled: enabled && id !== '',
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.status === 'requested' ? LABEL_POLL_MS : false),
  })
  const status = query.data?.status
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current === 'requested' && status !== 'requested')
      void queryClient.invalidateQueries({ queryKey: ['orders'] })
    previous.current = status
  }, [status, queryClient])
  return query
}

/**
 * The label's actions: create or retry it (POST /orders/{id}/label, answered at once with `requested`),
 * and ask the courier for the parcel's state now (POST /orders/{id}/tracking; the order's status may
 * follow). Each answer goes into the label's cache and the orders (detail and lists) are refreshed.
 */
export function useLabelActions(id: string) {
  const queryClient = useQueryClient()
  const settle = (label: LabelState) => {
    queryClient.setQueryData(orderLabelKey(id), label)
    void queryClient.invalidateQueries({ queryKey: ['orders'] })
  }
  return {
    request: useMutation({
      mutationFn: () => call(endpoints.labels.request, { params: { id } }),
      onSuccess: settle,
    }),
    refreshTracking: useMutation({
      mutationFn: () => call(endpoints.labels.refreshTracking, { params: { id } }),
      onSuccess: (answer) => settle(answer.label),
    }),
  }
}

/**
 * The AWB PDF as a file, for useDownload: its URL is the one the API gave this reader (signed, or an API
 * path that takes the session's token), named after the tracking number.
 */
export async function fetchAwbPdf(label: LabelState): Promise<{ blob: Blob; filename: string }> {
  const token = sessionStore.get().token
  const ours = label.awbPdf.startsWith('/')
  const res = await fetch(label.awbPdf, {
    headers: ours && token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!res.ok) {
    const error = (await res.json().catch(() => ({}))) as { code?: 'INTERNAL'; message?: string }
    throw new ApiClientError(res.status, error.code ?? 'INTERNAL', error.message ?? res.statusText)
  }
  return { blob: await res.blob(), filename: `AWB-${label.trackingId || 'label'}.pdf` }
}
