import { buildPath, type EndpointDef } from '@expedo/domain'
import { ApiClientError, queryString } from './api-client'
import { sessionStore } from './session'

export interface FileRequest {
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
}

/**
 * Calls a file endpoint (an export, a PDF, a ZIP) with the session's token and answers the file as a blob
 * with its name (from Content-Disposition, else `fallbackName`). The signal aborts it.
 */
export async function fetchFile(
  endpoint: EndpointDef,
  request: FileRequest,
  signal?: AbortSignal,
  fallbackName = 'export.xlsx',
): Promise<{ blob: Blob; filename: string }> {
  const token = sessionStore.get().token
  const hasBody = request.body !== undefined
  const res = await fetch(`/api${buildPath(endpoint.path, request.params)}${queryString(request.query)}`, {
    method: endpoint.method,
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: hasBody ? JSON.stringify(request.body) : undefined,
    signal,
  })
  if (!res.ok) {
    const error = (await res.json().catch(() => ({}))) as { code?: 'INTERNAL'; message?: string }
    throw new ApiClientError(res.status, error.code ?? 'INTERNAL', error.message ?? res.statusText)
  }
  const disposition = res.headers.get('content-disposition') ?? ''
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName
  return { blob: await res.blob(), filename }
}

/**
 * POSTs an export endpoint and answers the streamed file as a blob with its file name. The shared export
 * popup shows progress; the signal aborts it.
 */
export const downloadExport = (endpoint: EndpointDef, body: unknown, signal: AbortSignal) =>
  fetchFile(endpoint, { body }, signal)
