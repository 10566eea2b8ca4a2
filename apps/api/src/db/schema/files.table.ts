import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { id, timestamps } from './columns.ts'
import { users } from './users.table.ts'

/** A stored file (photo, document): metadata here, bytes in the file store under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    businessclientId: uuid('businessclient_id').references(() => businessClients.id, { onDelete: 'cascade' }),
    destination: text('destination').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('files_businessclient_idx').on(t.businessclientId),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
)
