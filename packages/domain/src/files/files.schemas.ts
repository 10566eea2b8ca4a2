import { z } from 'zod'
import { IdSchema, text } from '../common/ids.ts'

/** Where an uploaded file belongs; these destinations accept images only (spec: "Image upload accepts image files only"). */
export const fileDestinations = ['products', 'inbound'] as const
export const FileDestinationSchema = z.enum(fileDestinations)
export type FileDestination = z.infer<typeof FileDestinationSchema>

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** Answer of the files server's POST /upload (multipart: destination, file). */
export const UploadAnswerSchema = z
  .object({
    key: z.string().describe('Storage key; pass it to POST /api/files/create'),
    publicurl: z.string().describe('URL the file is served from'),
    filename: z.string(),
    mimetype: z.string(),
    size: z.number().int(),
    destination: FileDestinationSchema,
  })
  .meta({ id: 'UploadAnswer' })

export const FileRecordSchema = z
  .object({
    _id: IdSchema,
    key: z.string(),
    publicurl: z.string(),
    filename: z.string(),
    mimetype: z.string(),
    size: z.number().int(),
    destination: FileDestinationSchema,
    businessclient: IdSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'FileRecord' })
export type FileRecord = z.infer<typeof FileRecordSchema>

export const CreateFileBodySchema = z.strictObject({
  key: text(300).min(1, { message: 'is required' }),
  filename: text(255).optional().describe('A display name; defaults to the uploaded file’s name'),
})
