import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id } from './columns.ts'
import { warehouseLocations } from './locations.table.ts'
import { warehouses } from './logistics.table.ts'
import { orders } from './orders.table.ts'
import { inventoryCards } from './stock.table.ts'
import { users } from './users.table.ts'

/** A wave's printed number (W-000042): a sequence, not a gap-free series (a wave is no tax document). */
export const waveNumbers = pgSequence('wave_numbers', { startWith: 1 })

/**
 * A wave (issue 25 "Waves and pick lists"): orders released together to the floor, picked along one pick path.
 * Its status is derived, never stored: picking while a line is open or waiting to go back, else picked (a
 * cancel during picking changes lines only).
 */
export const waves = pgTable(
  'waves',
  {
    id: id(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('wave_numbers')`),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waves_number_idx').on(t.number), index('waves_created_idx').on(t.createdAt.desc())],
)

/**
 * An order in a wave, with its slot (tote) on the cart. An order is in at most one wave while it is picked:
 * released again only after it left picking (Draft or Canceled, then back), when `left_at` is set.
 */
export const waveOrders = pgTable(
  'wave_orders',
  {
    waveId: uuid('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    /** When the client took the order out of picking (cancelled or set to Draft). */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.waveId, t.orderId] }),
    uniqueIndex('wave_orders_active_idx').on(t.orderId).where(sql`${t.leftAt} is null`),
    uniqueIndex('wave_orders_slot_idx').on(t.waveId, t.slot),
  ],
)

/**
 * One pick: `quantity` of a card at a location for an order of the wave. A picker claims a line before walking
 * to it (claimed_by, claimed_at: two pickers never hold the same line); `picked` counts units taken to the
 * packing location. Statuses: see @expedo/domain waveLineStatusList.
 */
export const waveLines = pgTable(
  'wave_lines',
  {
    id: id(),
    waveId: uuid('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    inventoryCardId: uuid('inventory_card_id')
      .notNull()
      .references(() => inventoryCards.id),
    /** Where to take it; null when no location held it at release (the picker reports it short). */
    locationId: uuid('location_id').references(() => warehouseLocations.id),
    /** The location's pick_order at release: the pick list's order. */
    pickOrder: integer('pick_order').notNull().default(0),
    quantity: integer('quantity').notNull(),
    picked: integer('picked').notNull().default(0),
    status: text('status').notNull().default('open'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    pickedBy: uuid('picked_by').references(() => users.id, { onDelete: 'set null' }),
    pickedAt: timestamp('picked_at', { withTimezone: true }),
  },
  (t) => [
    index('wave_lines_wave_idx').on(t.waveId, t.pickOrder),
    index('wave_lines_order_idx').on(t.orderId),
    index('wave_lines_open_location_idx')
      .on(t.locationId, t.inventoryCardId)
      .where(sql`${t.status} = 'open'`),
    check(
      'wave_lines_quantity_check',
      sql`${t.quantity} > 0 and ${t.picked} >= 0 and ${t.picked} <= ${t.quantity}`,
    ),
    check(
      'wave_lines_status_check',
      sql`${t.status} in ('open', 'picked', 'short', 'canceled', 'toReturn', 'returned')`,
    ),
  ],
)

/** A short pick: the picker found less than the stock said; the operator confirms (a stock adjustment) or dismisses. */
export const pickDiscrepancies = pgTable(
  'pick_discrepancies',
  {
    id: id(),
    waveLineId: uuid('wave_line_id')
      .notNull()
      .references(() => waveLines.id, { onDelete: 'cascade' }),
    expected: integer('expected').notNull(),
    found: integer('found').notNull(),
    status: text('status').notNull().default('open'),
    reason: text('reason').notNull().default(''),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('pick_discrepancies_status_idx').on(t.status, t.reportedAt),
    uniqueIndex('pick_discrepancies_line_idx').on(t.waveLineId),
    check('pick_discrepancies_status_check', sql`${t.status} in ('open', 'confirmed', 'dismissed')`),
  ],
)
