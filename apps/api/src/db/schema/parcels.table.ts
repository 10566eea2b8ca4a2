import { sql } from 'drizzle-orm'
import {
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
import { businessClients } from './business-clients.table.ts'
import { products } from './catalogue.table.ts'
import { id, timestamps } from './columns.ts'
import { files } from './files.table.ts'
import { warehouses } from './logistics.table.ts'
import { orders } from './orders.table.ts'
import { stockMovements } from './stock.table.ts'
import { users } from './users.table.ts'

/** The human-readable parcel number RP000001… comes from this sequence. */
export const inboundParcelNumbers = pgSequence('inbound_parcel_nr_seq', { startWith: 1 })

/** A parcel an end customer sent back, registered by an operator and, once processed, put back on stock. */
export const inboundParcels = pgTable(
  'inbound_parcels',
  {
    id: id(),
    parcelNr: text('parcel_nr')
      .notNull()
      .default(sql`('RP' || lpad(nextval('inbound_parcel_nr_seq')::text, 6, '0'))`),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    trackingId: text('tracking_id').notNull().default(''),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    condition: text('condition').notNull().default('good'),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('New'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    processedBy: uuid('processed_by').references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inbound_parcels_nr_idx').on(t.parcelNr),
    index('inbound_parcels_client_created_idx').on(
      t.businessclientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('inbound_parcels_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('inbound_parcels_order_idx').on(t.orderId, t.createdAt.desc().nullsFirst()),
    index('inbound_parcels_tracking_idx').on(t.trackingId),
    check('inbound_parcels_status_check', sql`${t.status} in ('New', 'Processed')`),
    check('inbound_parcels_condition_check', sql`${t.condition} in ('good', 'damaged', 'mixed')`),
    check(
      'inbound_parcels_processed_check',
      sql`(${t.status} = 'Processed') = (${t.processedAt} is not null)`,
    ),
  ],
)

/** A product and quantity found in a returned parcel; the movement is set when the parcel is processed. */
export const inboundParcelItems = pgTable(
  'inbound_parcel_items',
  {
    id: id(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => inboundParcels.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    condition: text('condition').notNull().default('available'),
    stockMovementId: uuid('stock_movement_id').references(() => stockMovements.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('inbound_parcel_items_parcel_idx').on(t.parcelId),
    uniqueIndex('inbound_parcel_items_movement_idx').on(t.stockMovementId),
    check('inbound_parcel_items_quantity_check', sql`${t.quantity} > 0`),
    check('inbound_parcel_items_condition_check', sql`${t.condition} in ('available', 'damaged')`),
  ],
)

export const inboundParcelPhotos = pgTable(
  'inbound_parcel_photos',
  {
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => inboundParcels.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parcelId, t.fileId] })],
)
