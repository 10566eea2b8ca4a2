import { and, eq } from 'drizzle-orm'
import { files } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type FileRow = typeof files.$inferSelect

export function createFilesRepository(db: DbOrTx) {
  return {
    async insert(values: typeof files.$inferInsert): Promise<FileRow> {
      const [row] = await db.insert(files).values(values).returning()
      return row!
    },
    /** Marks an upload as registered, only for the user who uploaded it. */
    async register(key: string, uploadedBy: string, filename?: string): Promise<FileRow | undefined> {
      const [row] = await db
        .update(files)
        .set({ registered: true, ...(filename ? { filename } : {}) })
        .where(and(eq(files.storageKey, key), eq(files.uploadedBy, uploadedBy)))
        .returning()
      return row
    },
    async findByKey(key: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.storageKey, key))
      return row
    },
  }
}
