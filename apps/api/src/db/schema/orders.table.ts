import {
  type ChangeLogEntry,
  type ChangeLogEvent,
  changeLogText,
  numberFreeStatuses,
  orderStatuses,
} from '@expedo/domain'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { eshops, products } from './catalogue.table.ts'
import { id, timestamps } from './columns.ts'
import { couriers, warehouses } from './logistics.table.ts'
import { inventoryCards } from './stock.table.ts'
import { users } from './users.table.ts'

/** The order's internalNumericId (docs/domain.md "Orders": from a database sequence). */
export const orderNumbers = pgSequence('orders_internal_numeric_id_seq', { startWith: 1000 })

/** The ship-to client block as a snapshot (docs/architecture.md "API": JSONB only for snapshots). */
export interface ShipToClient {
  firstName: string
  lastName: string
  email: string
  isCompany: boolean
  companyName: string
  taxId: string
  nr_reg_com: string
  phone: string
  country: string
  province: string
  city: string
  street: string
  streetNr: string
  postcode: string
}

/** Index columns for `order by <date> desc, id desc`. */
const newestFirst = (date: ExtraConfigColumn, id: ExtraConfigColumn) =>
  [date.desc().nullsFirst(), id.desc().nullsFirst()] as const

/** The customer's name as the search matches it, "first last": the search and its trigram index share it. */
export const customerName = (shipToClient: AnyPgColumn | ExtraConfigColumn) =>
  sql`((${shipToClient} ->> 'firstName') || ' ' || (${shipToClient} ->> 'lastName'))`
/** The phone in the ship-to client block (the order's own ship_to_phone is a column). */
export const clientPhone = (shipToClient: AnyPgColumn | ExtraConfigColumn) =>
  sql`(${shipToClient} ->> 'phone')`

// The check constraint lists the domain's statuses: one list for the contract, the rules and the database.
const sqlList = (statuses: readonly string[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '))
const statusList = sqlList(orderStatuses.options)

/** The unique index that keeps an order number to one active order; the service answers its violation. */
export const ORDER_NUMBER_INDEX = 'orders_client_order_nr_active_idx'

export const orders = pgTable(
  'orders',
  {
    id: id(),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    clientOrderNr: text('client_order_nr').notNull().default(''),
    internalNumericId: bigint('internal_numeric_id', { mode: 'number' })
      .notNull()
      .default(sql`nextval('orders_internal_numeric_id_seq')`),
    status: text('status').notNull().default('New'),
    scope: text('scope').notNull().default(''),
    shipToCountry: text('ship_to_country').notNull(),
    shipToProvince: text('ship_to_province').notNull().default(''),
    shipToCity: text('ship_to_city').notNull(),
    shipToDistrict: text('ship_to_district').notNull().default(''),
    shipToStreet: text('ship_to_street').notNull(),
    shipToStreetNr: text('ship_to_street_nr').notNull().default(''),
    shipToPostcode: text('ship_to_postcode').notNull(),
    shipToPhone: text('ship_to_phone').notNull().default(''),
    shipToIsCompany: boolean('ship_to_is_company').notNull().default(false),
    shipToClient: jsonb('ship_to_client').$type<ShipToClient>().notNull(),
    paymentType: text('payment_type').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default(''),
    paymentTotal: numeric('payment_total', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    codApply: boolean('cod_apply').notNull().default(false),
    codAmount: numeric('cod_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    codAmountInit: numeric('cod_amount_init', { precision: 14, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Ship from: the warehouse allocation chose. */
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    courierId: uuid('courier_id').references(() => couriers.id),
    errMsgs: text('err_msgs').array().notNull().default(sql`'{}'::text[]`),
    /** eshop.eshopUrl: the shop an imported order came from. */
    eshopUrl: text('eshop_url').notNull().default(''),
    /** The connected shop an imported order came from, and its order code there (the import's key). */
    eshopId: uuid('eshop_id').references(() => eshops.id, { onDelete: 'set null' }),
    eshopOrderCode: text('eshop_order_code'),
    shippingCost: numeric('shipping_cost', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    trackingId: text('tracking_id').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    trackingAwbPdf: text('tracking_awb_pdf').notNull().default(''),
    /** grams */
    shippingWeight: integer('shipping_weight'),
    /** Scan-to-pack (issue 25): when the order was marked Packed at a station, by whom, in how many parcels. */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    packedBy: uuid('packed_by').references(() => users.id, { onDelete: 'set null' }),
    parcels: integer('parcels'),
    /** processing.instructions: packing instructions. */
    instructions: text('instructions').notNull().default(''),
    generateInvoice: boolean('generate_invoice').notNull().default(false),
    /** processing.codTransfferId; the transfers table comes with the finance issue. */
    codTransferId: uuid('cod_transfer_id'),
    /** processing.isOpenUser: who has the order open, and when they were last seen. */
    openUserId: uuid('open_user_id').references(() => users.id, { onDelete: 'set null' }),
    openUserAt: timestamp('open_user_at', { withTimezone: true }),
    assignedUserId: uuid('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** api_request.to_office / api_request.office_code: office pick-up (ECONT, ECONT_GR). */
    toOffice: text('to_office').notNull().default(''),
    officeCode: text('office_code').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_internal_numeric_id_idx').on(t.internalNumericId),
    // One Expedo order per order of a connected shop: the idempotency key of the order import.
    uniqueIndex('orders_eshop_order_code_idx')
      .on(t.eshopId, t.eshopOrderCode)
      .where(sql`${t.eshopOrderCode} is not null`),
    // One active order per number and business client (numberFreeStatuses): a retried create is refused.
    uniqueIndex(ORDER_NUMBER_INDEX)
      .on(t.businessclientId, t.clientOrderNr)
      .where(sql`${t.clientOrderNr} <> '' and ${t.status} not in (${sqlList(numberFreeStatuses)})`),
    // The list sorts newest first, `order by <date> desc, id desc`: the indexes keep that order exactly (DESC
    // is NULLS FIRST in PostgreSQL; an index NULLS LAST cannot serve it), for a status tab and for All.
    index('orders_client_status_created_idx').on(
      t.businessclientId,
      t.status,
      ...newestFirst(t.createdAt, t.id),
    ),
    index('orders_status_created_idx').on(t.status, ...newestFirst(t.createdAt, t.id)),
    // The dashboard's COD waiting tile: count and amount per client and country, index-only.
    index('orders_cod_waiting_idx')
      .on(t.businessclientId, t.shipToCountry, t.codAmount)
      .where(sql`${t.status} = 'COD WAITING'`),
    index('orders_client_status_updated_idx').on(
      t.businessclientId,
      t.status,
      ...newestFirst(t.updatedAt, t.id),
    ),
    index('orders_status_updated_idx').on(t.status, ...newestFirst(t.updatedAt, t.id)),
    index('orders_created_idx').on(...newestFirst(t.createdAt, t.id)),
    index('orders_updated_idx').on(...newestFirst(t.updatedAt, t.id)),
    index('orders_client_created_idx').on(t.businessclientId, ...newestFirst(t.createdAt, t.id)),
    index('orders_client_updated_idx').on(t.businessclientId, ...newestFirst(t.updatedAt, t.id)),
    // Search without a key, ILIKE '%term%' on each: trigram indexes (pg_trgm) let PostgreSQL OR their
    // bitmaps and sort only the matches. The expressions are the search's own (orders-list.repository.ts).
    index('orders_client_order_nr_trgm_idx').using('gin', sql`${t.clientOrderNr} gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${customerName(t.shipToClient)} gin_trgm_ops`),
    index('orders_ship_to_phone_trgm_idx').using('gin', sql`${t.shipToPhone} gin_trgm_ops`),
    index('orders_client_phone_trgm_idx').using('gin', sql`${clientPhone(t.shipToClient)} gin_trgm_ops`),
    check('orders_status_check', sql`${t.status} in (${statusList})`),
    check(
      'orders_money_check',
      sql`${t.paymentTotal} >= 0 and ${t.codAmount} >= 0 and ${t.shippingCost} >= 0`,
    ),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** The line price (unit price × quantity). */
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** grams */
    weight: integer('weight'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    // The orders list's SKU filter: the orders with a line of these SKUs, found from the lines.
    index('order_items_sku_idx').on(t.sku),
    /** Lines waiting to be paired (the product page's 'Unpaired orders N / pair'). */
    index('order_items_unpaired_sku_idx').on(t.sku).where(sql`${t.productId} is null`),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.price} >= 0`),
  ],
)

/** Every change to an order: what, who (id and username at the time), when. */
export const orderChangeLogs = pgTable(
  'order_change_logs',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The change in English (the spec's `what`), from changeLogText of event and params. */
    what: text('what').notNull(),
    /** The change as an event code of @expedo/domain's change log; null for rows older than codes. */
    event: text('event').$type<ChangeLogEvent>(),
    params: jsonb('params').$type<Record<string, unknown>>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_change_logs_order_idx').on(t.orderId, t.at)],
)

/** A change-log entry as its row's columns: the event, its parameters and the English sentence. */
export function changeLogColumns(entry: ChangeLogEntry) {
  return { what: changeLogText(entry), event: entry.event, params: entry.params as Record<string, unknown> }
}

/**
 * Stock an order holds (allocation): which card each item blocked and how much, so a release puts back
 * exactly that. Deleted when released (or, later, when shipping turns it into an outbound movement).
 */
export const orderBlocks = pgTable(
  'order_blocks',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    inventoryCardId: uuid('inventory_card_id')
      .notNull()
      .references(() => inventoryCards.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_blocks_order_idx').on(t.orderId),
    index('order_blocks_card_idx').on(t.inventoryCardId),
    check('order_blocks_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/**
 * Orders per business client and status, kept exactly by statement triggers on orders (migration
 * 'order_status_totals', ADR 0011), so the list's status tabs are a few rows instead of a count of every
 * order. A derived cache like stock_totals: no foreign keys; a row may stay at 0 (readers skip it).
 */
export const orderStatusTotals = pgTable(
  'order_status_totals',
  {
    businessclientId: uuid('businessclient_id').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessclientId, t.status] })],
)

/** order_day_counts.courier_id of an order without a courier (a key column cannot be NULL). */
export const NO_COURIER = '00000000-0000-0000-0000-000000000000'

/**
 * Orders per day and the list's filter columns — business client, status, ship-to country, courier, COD —
 * by the day of createdAt (kind 'c') and of updatedAt (kind 'u'), and by their month ('cm', 'um': `day` is
 * the month's first day), so the status tabs of a filtered list sum the months a range covers and a few
 * rows per day at its ends instead of counting every matching order (migration
 * 'order_day_counts', ADR 0012). Statement triggers on orders append each statement's deltas as new rows
 * (merged false: no row is updated, so writers never wait for one another here); the maintenance job
 * folds them into one merged row per key. Readers sum both. A derived cache: no foreign keys.
 */
export const orderDayCounts = pgTable(
  'order_day_counts',
  {
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    status: text('status').notNull(),
    country: text('country').notNull(),
    courierId: uuid('courier_id').notNull(),
    cod: boolean('cod').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    check('order_day_counts_kind_check', sql`${t.kind} in ('c', 'u', 'cm', 'um')`),
    index('order_day_counts_day_idx').on(t.kind, t.day),
    uniqueIndex('order_day_counts_merged_key')
      .on(t.kind, t.day, t.businessclientId, t.status, t.country, t.courierId, t.cod)
      .where(sql`${t.merged}`),
  ],
)
