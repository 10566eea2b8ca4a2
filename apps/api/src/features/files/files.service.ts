import { randomUUID } from 'node:crypto'
import {
  type FileDestination,
  FileDestinationSchema,
  type FileRecord,
  imageMimeTypes,
  plainString,
} from '@expedo/domain'
import { fileTypeFromBuffer } from 'file-type'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { type FileStorage, isStorageKey } from '../../platform/providers/storage.ts'
import { fileUrl } from '../../platform/security/file-urls.ts'
import { createFilesRepository, type FileRow } from './files.repository.ts'

/** A stored file's URL for the current viewer (signed: platform/security/file-urls.ts). */
export const publicUrl = (key: string) => fileUrl(key)

function toFileRecord(row: FileRow): FileRecord {
  return {
    _id: row.id,
    key: row.storageKey,
    publicurl: publicUrl(row.storageKey),
    filename: row.filename,
    mimetype: row.mimeType,
    size: row.size,
    destination: row.destination as FileDestination,
    businessclient: row.businessclientId,
    createdAt: row.createdAt.toISOString(),
  }
}

export interface Upload {
  destination: string | undefined
  filename: string
  bytes: Buffer
}

export function createFilesService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps
  const repo = createFilesRepository(db)
  return {
    /** Stores an image under a random key; the type is sniffed from the bytes, not trusted from the name. */
    async upload(auth: AuthContext, upload: Upload) {
      const destination = FileDestinationSchema.safeParse(upload.destination)
      if (!destination.success)
        throw invalid('destination', `must be one of: ${FileDestinationSchema.options.join(', ')}`)
      const name = plainString().safeParse(upload.filename)
      if (!name.success) throw invalid('filename', name.error.issues[0]!.message)
      if (upload.bytes.length === 0) throw invalid('file', 'is required')
      const type = await fileTypeFromBuffer(upload.bytes)
      if (!type || !(imageMimeTypes as readonly string[]).includes(type.mime)) {
        throw invalid('file', 'must be an image (JPEG, PNG, WebP or GIF)')
      }
      const key = `${destination.data}/${randomUUID()}.${type.ext}`
      await storage.put(key, upload.bytes)
      const filename = name.data.slice(0, 255) || `upload.${type.ext}`
      await repo.insert({
        businessclientId: auth.scope.kind === 'client' ? auth.businessclientId : null,
        destination: destination.data,
        storageKey: key,
        filename,
        mimeType: type.mime,
        size: upload.bytes.length,
        uploadedBy: auth.userId,
      })
      return {
        key,
        publicurl: publicUrl(key),
        filename,
        mimetype: type.mime,
        size: upload.bytes.length,
        destination: destination.data,
      }
    },

    /**
     * Stores a document the server made (a courier's AWB PDF) under `<destination>/<uuid>.<ext>`, owned by
     * `businessclientId` so its client's users open it by a URL signed for them; answers the key. `on`: the
     * caller's transaction, when the row belongs to its work.
     */
    async storeGenerated(
      document: {
        businessclientId: string
        destination: string
        ext: string
        filename: string
        mimeType: string
        bytes: Buffer
      },
      on: DbOrTx = db,
    ): Promise<string> {
      const key = `${document.destination}/${randomUUID()}.${document.ext}`
      await storage.put(key, document.bytes)
      await createFilesRepository(on).insert({
        businessclientId: document.businessclientId,
        destination: document.destination,
        storageKey: key,
        filename: document.filename,
        mimeType: document.mimeType,
        size: document.bytes.length,
        registered: true,
      })
      return key
    },

    async create(
      auth: AuthContext,
      body: { key: string; filename?: string | undefined },
    ): Promise<FileRecord> {
      const row = await repo.register(body.key, auth.userId, body.filename)
      if (!row) throw notFound('Upload')
      return toFileRecord(row)
    },

    /**
     * The bytes behind a signed URL, for a viewer of `tenant` ('all': staff). A file a client uploaded belongs
     * to its business client: a URL signed for another tenant does not open it.
     */
    async open(key: string, tenant: string) {
      // A made-up key (a NUL, a ../) is not looked up: no file has it.
      if (!isStorageKey(key)) return undefined
      const row = await repo.findByKey(key)
      if (!row) return undefined
      if (tenant !== 'all' && row.businessclientId !== null && row.businessclientId !== tenant)
        return undefined
      const found = await storage.get(key)
      return found ? { ...found, mimeType: row.mimeType } : undefined
    },
  }
}
export type FilesService = ReturnType<typeof createFilesService>
