import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { orders } from './orders.table.ts'
import { users } from './users.table.ts'

/**
 * An order at a packing station (issue 25 "Scan-to-pack"): who holds it now (packer, claimed_at: a claim
 * older than PACKING_CLAIM_MINUTES is free for another packer) and, in packing_lines, what is in the box.
 * One row per order, so two packers opening it at once meet on its primary key and one wins.
 */
export const packings = pgTable(
  'packings',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    packerId: uuid('packer_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [index('packings_businessclient_idx').on(t.businessclientId)],
)

/**
 * Units scanned into the box per line of the order; a line is the order's items of one SKU (the goods the
 * packer scans), so the key is the SKU. A line with nothing scanned has no row.
 */
export const packingLines = pgTable(
  'packing_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => packings.orderId, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    packed: integer('packed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.sku] }),
    check('packing_lines_packed_check', sql`${t.packed} >= 0`),
  ],
)
