import { endpoints, type PackedBody, type PackingSession } from '@expedo/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { fetchFile } from '@/lib/download-export'

/** Query keys of the packing area. */
export const packingKeys = {
  all: ['packing'] as const,
  detail: (id: string) => ['packing', 'detail', id] as const,
}

/** GET /packing/:id: the order at the station (from the URL, so a reload resumes it). */
export function usePackingSession(id: string) {
  return useQuery({
    queryKey: packingKeys.detail(id),
    queryFn: () => call(endpoints.packing.detail, { params: { id } }),
    enabled: id !== '',
    meta: { silent: true },
  })
}

/**
 * The station's calls. Silent (no toast over the scan): the screen says what went wrong in its feedback
 * line. Each answer is the session, put where the detail query keeps it.
 */
export function usePacking() {
  const queryClient = useQueryClient()
  const keep = (session: PackingSession) =>
    queryClient.setQueryData(packingKeys.detail(session.order._id), session)
  const options = { meta: { silent: true }, onSuccess: keep }
  return {
    open: useMutation({
      mutationFn: (code: string) => call(endpoints.packing.open, { body: { code } }),
      ...options,
    }),
    // The screen sets the session from the answer itself (several scans may be on their way).
    scan: useMutation({
      mutationFn: ({ id, code }: { id: string; code: string }) =>
        call(endpoints.packing.scan, { params: { id }, body: { code } }),
      meta: { silent: true },
    }),
    reset: useMutation({
      mutationFn: (id: string) => call(endpoints.packing.reset, { params: { id } }),
      ...options,
    }),
    leave: useMutation({
      mutationFn: (id: string) => call(endpoints.packing.leave, { params: { id } }),
      ...options,
    }),
    packed: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PackedBody }) =>
        call(endpoints.packing.packed, { params: { id }, body }),
      ...options,
    }),
  }
}

/** GET /packing/:id/slip: the packing slip PDF, named after the order's code. */
export const fetchPackingSlip = (session: PackingSession) =>
  fetchFile(
    endpoints.packing.slip,
    { params: { id: session.order._id } },
    undefined,
    `packing-slip-${session.order.code}.pdf`,
  )
