import { endpoints, type FileRecord } from '@expedo/domain'
import { call } from '@/lib/api-client'
import { sessionStore } from '@/lib/session'

/** Thrown when the files server does not take the file ('Files server not responding.'). */
export class FilesServerError extends Error {}

/** The files server's POST /upload (multipart: destination, file), then POST /api/files/create. */
export async function uploadPhoto(file: File): Promise<FileRecord> {
  const form = new FormData()
  form.append('destination', 'products')
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
    throw new FilesServerError('Files server not responding.')
  }
  if (!res.ok) throw new FilesServerError('Files server not responding.')
  const uploaded = (await res.json()) as { key: string }
  return call(endpoints.files.create, { body: { key: uploaded.key, filename: file.name } })
}
