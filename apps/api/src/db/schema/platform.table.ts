import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Answers kept for retried creates (the Idempotency-Key header): per user and key, the request's
 * fingerprint and, once the first call finished, its status and body. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** method, route and a hash of the body: the same key for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** null while the first call runs. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
