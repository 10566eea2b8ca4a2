import { type ApiError, endpoints, type FileDestination, type FileRecord } from '@expedo/domain'
import { ApiClientError, call } from './api-client'
import { sessionStore } from './session'

/** The files server did not answer or failed: the spec's 'Files server not responding.'. */
export class FilesServerError extends Error {
  constructor() {
    super('Files server not responding.')
  }
}

/**
 * The spec's two steps: the files server's POST /upload (multipart: destination, file), then
 * POST /api/files/create to register it. A refused file (not an image, too large) is an ApiClientError
 * with the server's reason; no answer or a server failure is a FilesServerError.
 */
export async function uploadFile(destination: FileDestination, file: File): Promise<FileRecord> {
  const form = new FormData()
  form.append('destination', destination)
  form.append('file', file)
  const token = sessionStore.get().token
  let res: Response
  try {
    res = await fetch(endpoints.files.upload.path, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  } catch {
    throw new FilesServerError()
  }
  if (res.status >= 500) throw new FilesServerError()
  if (!res.ok) {
    const error = (await res.json().catch(() => ({}))) as Partial<ApiError>
    throw new ApiClientError(
      res.status,
      error.code ?? 'VALIDATION_FAILED',
      error.message ?? res.statusText,
      error.details ?? {},
    )
  }
  const uploaded = (await res.json()) as { key: string }
  return call(endpoints.files.create, { body: { key: uploaded.key, filename: file.name } })
}
