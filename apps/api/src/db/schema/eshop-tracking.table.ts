import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders.table.ts'

/**
 * Imported orders that shipped: their tracking number and shipped status wait to be written back to the
 * e-shop (shoptet.md §10.3). Written in the shipping transaction; the write-back task calls Shoptet after the
 * commit and every minute, and deletes the row once done (idempotent: the same notes and status again change
 * nothing). A failed call is tried again after a back-off.
 */
export const eshopTrackingRequests = pgTable(
  'eshop_tracking_requests',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('eshop_tracking_requests_next_idx').on(t.nextAttemptAt)],
)
