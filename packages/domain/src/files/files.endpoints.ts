import { defineEndpoint } from '../common/http.ts'
import { CreateFileBodySchema, FileRecordSchema, UploadAnswerSchema } from './files.schemas.ts'

export const filesEndpoints = {
  /** The files server's upload, outside /api (multipart form: `destination`, then `file`). */
  upload: defineEndpoint({
    method: 'POST',
    path: '/upload',
    access: 'authenticated',
    summary: 'Upload one file (multipart form data: destination, file). Images only, at most 10 MB.',
    tags: ['files'],
    response: UploadAnswerSchema,
    status: 201,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/files/create',
    access: 'authenticated',
    summary: 'Register an uploaded file (by the key /upload answered); only its uploader may register it',
    tags: ['files'],
    body: CreateFileBodySchema,
    response: FileRecordSchema,
    status: 201,
  }),
}
