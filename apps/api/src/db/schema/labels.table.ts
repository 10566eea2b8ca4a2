import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { orders } from './orders.table.ts'

/**
 * An order's courier label (issue 25): asked for when the order becomes Packed (an outbox row written in
 * that transaction), created by the `courier-label` job after the commit, and the parcel's last tracking
 * state. `reference` is our parcel's key at the courier and the idempotency key: the same on every retry.
 */
export const courierLabels = pgTable(
  'courier_labels',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    courier: text('courier').notNull(),
    /** @expedo/domain labelStatuses. */
    status: text('status').notNull(),
    reference: text('reference').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The last attempt may have reached the courier (its answer was lost): the retry looks it up first. */
    outcomeUnknown: boolean('outcome_unknown').notNull().default(false),
    /**
     * A job run is asking the courier until then: another run of the same label waits for it instead of
     * asking a second time (no database transaction is held open across the courier's call).
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    trackingId: text('tracking_id').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    /** The AWB PDF's key in the file store. */
    awbStorageKey: text('awb_storage_key').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** @expedo/domain trackingStates: the parcel's last state, the courier's words and time, when asked. */
    trackingState: text('tracking_state'),
    trackingText: text('tracking_text'),
    trackingAt: timestamp('tracking_at', { withTimezone: true }),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
  },
  (t) => [
    index('courier_labels_status_idx').on(t.status, t.updatedAt),
    check(
      'courier_labels_status_check',
      sql`${t.status} in ('unsupported', 'requested', 'created', 'failed', 'inDoubt')`,
    ),
  ],
)
