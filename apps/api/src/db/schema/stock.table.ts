import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { products } from './catalogue.table.ts'
import { id, timestamps } from './columns.ts'
import { warehouseLocations } from './locations.table.ts'
import { warehouses } from './logistics.table.ts'
import { users } from './users.table.ts'

/**
 * One product (by SKU) of one business client in one warehouse. `product_id` is null while the goods are
 * unpaired (received under a SKU that has no product yet). total = available + blocked = Σ movement quantities.
 */
export const inventoryCards = pgTable(
  'inventory_cards',
  {
    id: id(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    inhousePosition: text('inhouse_position').notNull().default(''),
    available: integer('available').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
    total: integer('total').generatedAlwaysAs(sql`available + blocked`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inventory_cards_wh_client_sku_idx').on(t.warehouseId, t.businessclientId, t.sku),
    index('inventory_cards_client_idx').on(t.businessclientId),
    index('inventory_cards_product_idx').on(t.productId),
    index('inventory_cards_sku_idx').on(t.sku),
    index('inventory_cards_total_idx').on(t.total.desc(), t.id),
    index('inventory_cards_unpaired_idx').on(t.businessclientId).where(sql`${t.productId} is null`),
    check('inventory_cards_available_check', sql`${t.available} >= 0`),
    check('inventory_cards_blocked_check', sql`${t.blocked} >= 0`),
  ],
)

export const movementTriggers = ['Inboundshipment', 'Order', 'Adjustment', 'Return', 'Move'] as const

/**
 * The append-only stock ledger. Nothing updates or deletes a movement; a correction is a new movement.
 * `quantity_available` and `total_after` are the card's balances right after the movement, so the stock at
 * any date is one index probe per card (the latest movement at or before it).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    inventoryCardId: uuid('inventory_card_id')
      .notNull()
      .references(() => inventoryCards.id),
    quantity: integer('quantity').notNull(),
    quantityDamaged: integer('quantity_damaged').notNull().default(0),
    quantityAvailable: integer('quantity_available').notNull(),
    totalAfter: integer('total_after').notNull(),
    triggredBy: text('triggred_by').notNull(),
    /** Where the goods came in or went out (null: written before locations existed). */
    locationId: uuid('location_id').references(() => warehouseLocations.id),
    actionSourceId: uuid('action_source_id'),
    actionSourceRef: text('action_source_ref').notNull().default(''),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_card_created_idx').on(t.inventoryCardId, t.createdAt.desc(), t.id.desc()),
    index('stock_movements_source_idx').on(t.actionSourceId),
    // The turnover report: a card's shipping rows of a window, index-only (quantity is in the key).
    index('stock_movements_shipped_idx')
      .on(t.inventoryCardId, t.createdAt, t.quantity)
      .where(sql`${t.triggredBy} = 'Order'`),
    check(
      'stock_movements_trigger_check',
      sql`${t.triggredBy} in ('Inboundshipment', 'Order', 'Adjustment', 'Return', 'Move')`,
    ),
    check('stock_movements_damaged_check', sql`${t.quantityDamaged} >= 0`),
    check('stock_movements_balances_check', sql`${t.quantityAvailable} >= 0 and ${t.totalAfter} >= 0`),
  ],
)

/**
 * Card count and balances per warehouse and business client, kept by statement triggers on inventory_cards
 * (migration 'stock_totals'), so the stock list's totals are a few rows instead of a scan of every card.
 * A derived cache: no foreign keys. Every stock transaction touches one warehouse of one client, so it
 * locks exactly one of these rows (serialising stock writes per client and warehouse, never deadlocking).
 */
export const stockTotals = pgTable(
  'stock_totals',
  {
    warehouseId: uuid('warehouse_id').notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    cards: bigint('cards', { mode: 'number' }).notNull().default(0),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
    blocked: bigint('blocked', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.businessclientId] })],
)

/**
 * What lies where: the physical quantity (available + blocked) of one inventory card at one location. Kept by
 * the ledger in the movement's transaction, under the card's row lock; Σ over a card's locations = its total.
 * Rows at zero are deleted, so "an empty location" is one without rows.
 */
export const locationStock = pgTable(
  'location_stock',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => warehouseLocations.id),
    inventoryCardId: uuid('inventory_card_id')
      .notNull()
      .references(() => inventoryCards.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.inventoryCardId] }),
    index('location_stock_card_idx').on(t.inventoryCardId),
    check('location_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
)
