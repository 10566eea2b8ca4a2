import { MAX_UPLOAD_BYTES, spreadsheetLimitReason } from '@expedo/domain'
import { AppError, invalid } from './app-error.ts'

/**
 * @fastify/multipart's and busboy's errors as the API's: a file over the upload limit (app.ts, busboy stops
 * reading at MAX_UPLOAD_BYTES) is 413 naming the field and the limit, anything else 400.
 */
export function multipartError(error: unknown, field = 'file'): AppError {
  if (error instanceof AppError) return error
  const code = (error as { code?: string }).code
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const reason = spreadsheetLimitReason('fileBytes', MAX_UPLOAD_BYTES)
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `${field} ${reason}`,
      { [field]: reason },
      {
        limit: { name: 'fileBytes', max: MAX_UPLOAD_BYTES },
      },
    )
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalid(field, 'too many parts: send destination, then one file')
  }
  return invalid(field, 'is not a readable multipart/form-data body')
}
