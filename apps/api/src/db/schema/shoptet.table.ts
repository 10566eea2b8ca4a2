import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { eshops } from './catalogue.table.ts'
import { id, money } from './columns.ts'

/**
 * The shop's one API access token (30 minutes at Shoptet, at most 5 valid per installation), shared by all
 * API processes and refreshed single-flight under an advisory lock (features/eshops/shoptet-access.ts).
 */
export const shoptetApiTokens = pgTable('shoptet_api_tokens', {
  eshopId: uuid('eshop_id')
    .primaryKey()
    .references(() => eshops.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every webhook delivery Shoptet sent, verified and stored before it is processed by a job. Shoptet sends no
 * delivery id: (eshop, event, eventInstance, eventCreated) identifies one, so a replay is the same row.
 */
export const shoptetWebhookDeliveries = pgTable(
  'shoptet_webhook_deliveries',
  {
    id: id(),
    eshopId: uuid('eshop_id')
      .notNull()
      .references(() => eshops.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventInstance: text('event_instance').notNull(),
    eventCreated: timestamp('event_created', { withTimezone: true }).notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('shoptet_webhook_deliveries_key_idx').on(t.eshopId, t.event, t.eventInstance, t.eventCreated),
    index('shoptet_webhook_deliveries_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
)

/** A product import or update from a shop: a job walking Shoptet's pages; the screen polls its progress. */
export const shoptetProductImports = pgTable(
  'shoptet_product_imports',
  {
    id: id(),
    eshopId: uuid('eshop_id')
      .notNull()
      .references(() => eshops.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    /** The first page to read and the page size (spec §9: page 1, 10 per page). */
    firstPage: integer('first_page').notNull().default(1),
    itemsPerPage: integer('items_per_page').notNull().default(10),
    /** The last page done (0 before the first): a retried job continues after it. */
    page: integer('page').notNull().default(0),
    pageCount: integer('page_count'),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('shoptet_product_imports_eshop_idx').on(t.eshopId, t.createdAt),
    index('shoptet_product_imports_businessclient_idx').on(t.businessclientId),
    // One running import (or update) per shop: a second start answers the running one.
    uniqueIndex('shoptet_product_imports_running_idx')
      .on(t.eshopId, t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('shoptet_product_imports_kind_check', sql`${t.kind} in ('import', 'update')`),
    check(
      'shoptet_product_imports_status_check',
      sql`${t.status} in ('queued', 'running', 'done', 'failed')`,
    ),
  ],
)

/**
 * Shoptet's own invoices of a shop set to "Shoptet invoices" (docs/FINANCE.md "Shoptet and our invoices"):
 * what the 2-minute sync read from `GET /api/invoices` after `/api/invoices/changes`. The order is found by
 * (eshop, order code) when it is read, so an invoice that arrives before its order links once the order does.
 * The PDF is never stored: it is fetched from Shoptet when asked for.
 */
export const shoptetInvoices = pgTable(
  'shoptet_invoices',
  {
    id: id(),
    eshopId: uuid('eshop_id')
      .notNull()
      .references(() => eshops.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    /** Shoptet's document number (`code`). */
    code: text('code').notNull(),
    orderCode: text('order_code'),
    varSymbol: text('var_symbol'),
    isValid: boolean('is_valid').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    dueDate: date('due_date'),
    taxDate: date('tax_date'),
    /** price.withVat, in price.currencyCode. */
    total: money('total'),
    currency: text('currency').notNull(),
    /** null: Shoptet does not know. */
    paid: boolean('paid'),
    /** Deleted at Shoptet (a `delete` change): kept, no longer shown. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shoptet_invoices_code_idx').on(t.eshopId, t.code),
    index('shoptet_invoices_order_idx').on(t.eshopId, t.orderCode),
    index('shoptet_invoices_businessclient_idx').on(t.businessclientId),
  ],
)
