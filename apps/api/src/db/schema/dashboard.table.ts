import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/*
 * Rollups of the home dashboard (docs/domain.md "Reports and the home dashboard") and of the services list:
 * each reads tens of rows instead of aggregating orders, order lines or services. Kept like order_day_counts (ADR 0012):
 * statement triggers append each statement's deltas as new rows (merged false; no row is updated, so
 * writers never wait for one another here), the minutely job folds them into one merged row per key
 * (platform/db/delta-counts.ts), readers sum both. Derived caches: no foreign keys; the migration that
 * creates them counts what exists.
 */

/** Orders per day of createdAt (UTC), business client and status now: the per-day chart. */
export const orderDayStatusCounts = pgTable(
  'order_day_status_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('order_day_status_counts_day_idx').on(t.day, t.businessclientId),
    uniqueIndex('order_day_status_counts_merged_key')
      .on(t.day, t.businessclientId, t.status)
      .where(sql`${t.merged}`),
  ],
)

/** Orders in COD WAITING (delivered, the cash still with the courier) per client and ship-to country. */
export const codWaitingTotals = pgTable(
  'cod_waiting_totals',
  {
    businessclientId: uuid('businessclient_id').notNull(),
    country: text('country').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('cod_waiting_totals_client_idx').on(t.businessclientId, t.country),
    uniqueIndex('cod_waiting_totals_merged_key').on(t.businessclientId, t.country).where(sql`${t.merged}`),
  ],
)

/**
 * Services per day of createdAt (UTC; kind 'd') and per month ('m': day is the month's first day), business
 * client and whether a bill has them: the services list's total sums months and the days at a range's
 * ends (platform/db/counting-plan.ts) instead of counting millions of services.
 */
export const serviceDayCounts = pgTable(
  'service_day_counts',
  {
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    billed: boolean('billed').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    check('service_day_counts_kind_check', sql`${t.kind} in ('d', 'm')`),
    index('service_day_counts_day_idx').on(t.kind, t.day, t.businessclientId),
    uniqueIndex('service_day_counts_merged_key')
      .on(t.kind, t.day, t.businessclientId, t.billed)
      .where(sql`${t.merged}`),
  ],
)

/** Services not on a bill yet, per month of createdAt (UTC), business client and currency: count and sum. */
export const unbilledServiceTotals = pgTable(
  'unbilled_service_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    currency: text('currency').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'string' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('unbilled_service_totals_month_idx').on(t.month, t.businessclientId),
    uniqueIndex('unbilled_service_totals_merged_key')
      .on(t.month, t.businessclientId, t.currency)
      .where(sql`${t.merged}`),
  ],
)

/**
 * What No goods orders wait for, per business client and product: the order lines (of orders in status
 * No goods, paired to a product) and their units. The stock alerts tile keeps the products of it that have
 * no free stock anywhere.
 */
export const noGoodsDemand = pgTable(
  'nogoods_demand',
  {
    businessclientId: uuid('businessclient_id').notNull(),
    productId: uuid('product_id').notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('nogoods_demand_client_idx').on(t.businessclientId, t.productId),
    uniqueIndex('nogoods_demand_merged_key').on(t.businessclientId, t.productId).where(sql`${t.merged}`),
  ],
)
