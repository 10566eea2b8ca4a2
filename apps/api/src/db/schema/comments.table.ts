import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { id } from './columns.ts'
import { users } from './users.table.ts'

/**
 * Comments on a record (`trigger` names its kind, `trigger_id` its id; only orders so far). The business
 * client is the record's, so the tenant filter and the isolation walk see comments like any tenant row.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    trigger: text('trigger').notNull(),
    triggerId: uuid('trigger_id').notNull(),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's username when they wrote it. */
    username: text('username').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_trigger_idx').on(t.trigger, t.triggerId, t.createdAt),
    check('comments_trigger_check', sql`${t.trigger} in ('order')`),
    check('comments_text_check', sql`length(${t.text}) between 1 and 2000`),
  ],
)
