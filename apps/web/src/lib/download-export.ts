import type { EndpointDef } from '@expedo/domain'
import { ApiClientError } from './api-client'
import { sessionStore } from './session'

/**
 * POSTs an export endpoint and answers the streamed file as a blob with its file name (from
 * Content-Disposition). The shared export popup shows progress; the signal aborts it.
 */
export async function downloadExport(
  endpoint: EndpointDef,
  body: unknown,
  signal: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const token = sessionStore.get().token
  const res = await fetch(`/api${endpoint.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal,
  })
  if (!res.ok) {
    const error = (await res.json().catch(() => ({}))) as { code?: 'INTERNAL'; message?: string }
    throw new ApiClientError(res.status, error.code ?? 'INTERNAL', error.message ?? res.statusText)
  }
  const disposition = res.headers.get('content-disposition') ?? ''
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.xlsx'
  return { blob: await res.blob(), filename }
}
