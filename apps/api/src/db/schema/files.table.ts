import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
    // Set by POST /api/files/create; an upload never registered is garbage to collect.
    registered: boolean('registered').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('files_businessclient_idx').on(t.businessclientId),
    uniqueIndex('files_storage_key_idx').on(t.storageKey),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
)
