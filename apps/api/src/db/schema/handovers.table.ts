import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns.ts'
import { couriers, warehouses } from './logistics.table.ts'
import { orders } from './orders.table.ts'
import { users } from './users.table.ts'

/** A handover's printed number (H-000012): a sequence, not a gap-free series (a manifest is no tax document). */
export const handoverNumbers = pgSequence('handover_numbers', { startWith: 1 })

/**
 * A courier handover (issue 25): one warehouse's Packed, labelled parcels for one courier on one manifest.
 * Statuses and pickup statuses: @expedo/domain handoverStatusList, pickupStatusList.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: id(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('handover_numbers')`),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id),
    status: text('status').notNull().default('open'),
    pickupStatus: text('pickup_status').notNull().default('none'),
    /** The courier's request number (Econt courierRequestID). */
    pickupRequestId: text('pickup_request_id').notNull().default(''),
    pickupFrom: timestamp('pickup_from', { withTimezone: true }),
    pickupTo: timestamp('pickup_to', { withTimezone: true }),
    /** The courier's words for the request's state, or its refusal. */
    pickupText: text('pickup_text').notNull().default(''),
    pickupCheckedAt: timestamp('pickup_checked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** Null with handed_over_at set: the courier's pickup confirmed it. */
    handedOverBy: uuid('handed_over_by').references(() => users.id, { onDelete: 'set null' }),
    handedOverByName: text('handed_over_by_name'),
    driverName: text('driver_name').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('handovers_number_idx').on(t.number),
    index('handovers_created_idx').on(t.createdAt.desc()),
    index('handovers_pickup_idx').on(t.pickupStatus).where(sql`${t.status} = 'open'`),
    check('handovers_status_check', sql`${t.status} in ('open', 'handedOver', 'cancelled')`),
    check(
      'handovers_pickup_status_check',
      sql`${t.pickupStatus} in ('none', 'requested', 'accepted', 'taken', 'rejected')`,
    ),
  ],
)

/**
 * An order on a handover's manifest. `active` while the handover is open and the order on it: an order is on
 * at most one open handover (partial unique index); false once removed, cancelled or handed over (kept for
 * the manifest's history).
 */
export const handoverParcels = pgTable(
  'handover_parcels',
  {
    handoverId: uuid('handover_id')
      .notNull()
      .references(() => handovers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** Removed from the manifest before the handover (the row stays for the history; not printed). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    scannedByName: text('scanned_by_name'),
  },
  (t) => [
    primaryKey({ columns: [t.handoverId, t.orderId] }),
    uniqueIndex('handover_parcels_active_idx').on(t.orderId).where(sql`${t.active}`),
  ],
)
