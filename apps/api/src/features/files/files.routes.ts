import { endpoints } from '@expedo/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { invalid, notFound } from '../../platform/http/app-error.ts'
import { multipartError } from '../../platform/http/multipart.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { FilesService, Upload } from './files.service.ts'

/** The files server: POST /upload and GET /files/<key>, outside the /api prefix as the spec has them. */
export function filesServerRoutes(app: FastifyInstance, files: FilesService): void {
  registerEndpoint(app, endpoints.files.upload, async ({ auth, request, reply }) => {
    if (!request.isMultipart()) throw invalid('file', 'must be sent as multipart/form-data')
    return files.upload(auth, await readUploadForm(request, reply))
  })

  // Not an API endpoint: <img src> cannot send a token, so answers that carry a photo give a URL signed
  // for their viewer (platform/security/file-urls.ts). Without a valid, unexpired signature, or signed for
  // another tenant, a file is not found: 404 says nothing about whether it exists.
  app.get('/files/:destination/:name', { schema: { hide: true } }, async (request, reply) => {
    const { destination, name } = request.params as { destination: string; name: string }
    const key = `${destination}/${name}`
    const signed = app.fileUrls.verify(key, request.query as Record<string, unknown>)
    const found = signed ? await files.open(key, signed.tenant) : undefined
    if (!signed || !found) throw notFound('File')
    reply.header('content-type', found.mimeType)
    reply.header('content-length', found.size)
    // The bytes under a key never change: cached by this browser until the URL's signature expires.
    const maxAge = Math.max(0, signed.expires - Math.floor(Date.now() / 1000))
    reply.header('cache-control', `private, max-age=${maxAge}, immutable`)
    reply.header('x-content-type-options', 'nosniff')
    return reply.send(found.stream)
  })
}

export function filesRoutes(app: FastifyInstance, files: FilesService): void {
  registerEndpoint(app, endpoints.files.create, ({ auth, body }) => files.create(auth, body))
}

/**
 * Reads the form: a `destination` field, then one `file`. Any other part, or a body busboy cannot parse,
 * answers at once, and the connection closes with the answer: the unread rest of the body (an unread file
 * part stalls the parser) must not keep the socket and the request open.
 */
async function readUploadForm(request: FastifyRequest, reply: FastifyReply): Promise<Upload> {
  const upload: Upload = { destination: undefined, filename: '', bytes: Buffer.alloc(0) }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        upload.filename = part.filename
        upload.bytes = await part.toBuffer()
      } else if (part.type === 'field' && part.fieldname === 'destination') {
        upload.destination = String(part.value)
      } else {
        if (part.type === 'file') part.file.resume()
        throw invalid(part.fieldname || 'form', 'is not a known field (send destination, then file)')
      }
    }
  } catch (error) {
    reply.header('connection', 'close')
    throw multipartError(error)
  }
  return upload
}
