import { randomBytes } from 'node:crypto'

/** The smallest valid PNG (1×1 pixel), for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

export interface MultipartFile {
  field: string
  filename: string
  content: Buffer
  contentType?: string
}

/** A multipart/form-data body (fields first, in order, then the file) and its content-type header. */
export function multipart(fields: Record<string, string>, file?: MultipartFile) {
  const boundary = `expedo-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A POST /upload request of a tiny PNG to `destination`. */
export function uploadRequest(destination = 'products', filename = 'photo.png') {
  return {
    method: 'POST' as const,
    url: '/upload',
    ...multipart({ destination }, { field: 'file', filename, content: TINY_PNG, contentType: 'image/png' }),
  }
}
