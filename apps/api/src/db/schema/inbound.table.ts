import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
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
import { files } from './files.table.ts'
import { companies, warehouses } from './logistics.table.ts'
import { inventoryCards, stockMovements } from './stock.table.ts'
import { users } from './users.table.ts'

export const inboundStatuses = [
  'New',
  'pending',
  'Shipping',
  'Delivered',
  'Partially Delivered',
  'Processed',
] as const

/** Goods arriving at a warehouse for a business client. */
export const inboundShipments = pgTable(
  'inbound_shipments',
  {
    id: id(),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    sellerId: uuid('seller_id').references(() => companies.id),
    transporter: text('transporter').notNull().default(''),
    nrOfPacks: integer('nr_of_packs'),
    weightKg: numeric('weight_kg', { precision: 10, scale: 2 }),
    heightCm: numeric('height_cm', { precision: 10, scale: 1 }),
    volumeM3: numeric('volume_m3', { precision: 10, scale: 3 }),
    comment: text('comment').notNull().default(''),
    status: text('status').notNull().default('New'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('inbound_shipments_client_created_idx').on(t.businessclientId, t.createdAt.desc()),
    index('inbound_shipments_status_created_idx').on(t.status, t.createdAt.desc()),
    index('inbound_shipments_created_idx').on(t.createdAt.desc()),
    check(
      'inbound_shipments_status_check',
      sql`${t.status} in ('New', 'pending', 'Shipping', 'Delivered', 'Partially Delivered', 'Processed')`,
    ),
    check(
      'inbound_shipments_measures_check',
      sql`coalesce(${t.nrOfPacks}, 0) >= 0 and coalesce(${t.weightKg}, 0) >= 0 and coalesce(${t.volumeM3}, 0) >= 0`,
    ),
  ],
)

export const inboundShipmentPhotos = pgTable(
  'inbound_shipment_photos',
  {
    inboundShipmentId: uuid('inbound_shipment_id')
      .notNull()
      .references(() => inboundShipments.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.inboundShipmentId, t.fileId] })],
)

/** One received line: the goods, the card they went to and the movement that put them there. */
export const goodsReceived = pgTable(
  'goods_received',
  {
    id: id(),
    inboundShipmentId: uuid('inbound_shipment_id')
      .notNull()
      .references(() => inboundShipments.id, { onDelete: 'cascade' }),
    inventoryCardId: uuid('inventory_card_id')
      .notNull()
      .references(() => inventoryCards.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    stockMovementId: uuid('stock_movement_id')
      .notNull()
      .references(() => stockMovements.id),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    quantityDamaged: integer('quantity_damaged').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_received_shipment_idx').on(t.inboundShipmentId),
    uniqueIndex('goods_received_movement_idx').on(t.stockMovementId),
    check('goods_received_quantities_check', sql`${t.quantity} >= 0 and ${t.quantityDamaged} >= 0`),
  ],
)
