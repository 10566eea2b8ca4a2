import { sql } from 'drizzle-orm'
import {
  boolean,
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
import { id, timestamps } from './columns.ts'
import { files } from './files.table.ts'
import { users } from './users.table.ts'

const owner = () =>
  uuid('businessclient_id')
    .notNull()
    .references(() => businessClients.id, { onDelete: 'cascade' })

/**
 * A connected e-shop of a business client (Shoptet): its settings, its credentials (server-side only: never
 * answered or logged), the pending activation, and the order sync's state (features/eshops, shoptet-orders).
 */
export const eshops = pgTable(
  'eshops',
  {
    id: id(),
    businessclientId: owner(),
    platform: text('platform').notNull().default('shoptet'),
    eshopUrl: text('eshop_url').notNull(),
    shoptetEshopId: integer('shoptet_eshop_id'),
    isActive: boolean('is_active').notNull().default(false),
    // Settings (spec: shoptet_settings.*).
    importOrdersEnabled: boolean('import_orders_enabled').notNull().default(false),
    importOrdersAll: boolean('import_orders_all').notNull().default(true),
    importOrdersOnlySelectedProducts: boolean('import_orders_only_selected_products')
      .notNull()
      .default(false),
    /** The Shoptet order status set when an order ships; null: leave the status alone. */
    shippedStatusId: integer('shipped_status_id'),
    suppressEmailSending: boolean('suppress_email_sending').notNull().default(false),
    suppressDocumentGeneration: boolean('suppress_document_generation').notNull().default(false),
    /** Who invoices the shop's orders: 'expedo' or 'shoptet' (docs/FINANCE.md), never both. */
    invoicing: text('invoicing').notNull().default('expedo'),
    // Credentials: server-side only.
    oauthAccessToken: text('oauth_access_token'),
    webhookSignatureKey: text('webhook_signature_key'),
    contactEmail: text('contact_email').notNull().default(''),
    // The one-time activation: the key's SHA-256, the link sealed for staff (AES-GCM), its user and expiry.
    activationKeyHash: text('activation_key_hash'),
    activationLinkSealed: text('activation_link_sealed'),
    activationUserId: uuid('activation_user_id').references(() => users.id, { onDelete: 'set null' }),
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    activationUsedAt: timestamp('activation_used_at', { withTimezone: true }),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    // The order sync (shoptet-orders): /orders/changes "from", last success, last failure.
    ordersCursor: timestamp('orders_cursor', { withTimezone: true }),
    /** Shoptet invoices (invoicing = 'shoptet'): /invoices/changes "from". */
    invoicesCursor: timestamp('invoices_cursor', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    failCount: integer('fail_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('eshops_businessclient_idx').on(t.businessclientId),
    uniqueIndex('eshops_shoptet_eshop_id_idx').on(t.shoptetEshopId),
    uniqueIndex('eshops_activation_key_hash_idx').on(t.activationKeyHash),
    check('eshops_invoicing_check', sql`${t.invoicing} in ('expedo', 'shoptet')`),
    check(
      'eshops_import_mode_check',
      sql`not (${t.importOrdersAll} and ${t.importOrdersOnlySelectedProducts})`,
    ),
    check('eshops_fail_count_check', sql`${t.failCount} >= 0`),
  ],
)

/** A product of a business client. SKU is unique per business client. Weight g, dimensions cm, temperature °C. */
export const products = pgTable(
  'products',
  {
    id: id(),
    businessclientId: owner(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode').notNull().default(''),
    clientsku: text('clientsku').notNull().default(''),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    weightGrams: integer('weight_grams'),
    heightCm: numeric('height_cm', { precision: 8, scale: 1 }),
    lengthCm: numeric('length_cm', { precision: 8, scale: 1 }),
    widthCm: numeric('width_cm', { precision: 8, scale: 1 }),
    propertiesNote: text('properties_note').notNull().default(''),
    storageTempC: numeric('storage_temp_c', { precision: 5, scale: 1 }),
    storageNote: text('storage_note').notNull().default(''),
    description: text('description').notNull().default(''),
    allowImportOrders: boolean('allow_import_orders').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_businessclient_sku_idx').on(t.businessclientId, t.sku),
    index('products_businessclient_name_idx').on(t.businessclientId, t.name),
    index('products_sku_idx').on(t.sku),
    index('products_barcode_idx').on(t.barcode),
    index('products_created_idx').on(t.createdAt),
    check('products_weight_check', sql`${t.weightGrams} is null or ${t.weightGrams} >= 0`),
    check(
      'products_dimensions_check',
      sql`coalesce(${t.heightCm}, 0) >= 0 and coalesce(${t.lengthCm}, 0) >= 0 and coalesce(${t.widthCm}, 0) >= 0`,
    ),
  ],
)

export const productPhotos = pgTable(
  'product_photos',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileId] })],
)

/** The product's id in a connected e-shop (spec "client_ids": id plus eshop). */
export const productEshopIds = pgTable(
  'product_eshop_ids',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    eshopId: uuid('eshop_id')
      .notNull()
      .references(() => eshops.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_eshop_ids_eshop_external_idx').on(t.eshopId, t.externalId),
    index('product_eshop_ids_product_idx').on(t.productId),
  ],
)

export const productGroups = pgTable(
  'product_groups',
  {
    id: id(),
    businessclientId: owner(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('product_groups_businessclient_idx').on(t.businessclientId, t.name)],
)

export const productGroupItems = pgTable(
  'product_group_items',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    index('product_group_items_product_idx').on(t.productId),
  ],
)
