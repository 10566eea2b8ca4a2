import { refundStatuses } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { id, money, timestamps } from './columns.ts'
import { orders } from './orders.table.ts'
import { inboundParcels } from './parcels.table.ts'
import { users } from './users.table.ts'

const statusList = sql.raw(refundStatuses.map((s) => `'${s}'`).join(', '))

const sortIndexes = [
  ['updated', 'updatedAt'],
  ['refundid', 'refundid'],
  ['amount', 'amount'],
  ['status', 'status'],
  ['name', 'name'],
] as const

/** The refund numbers R-000001, R-000002, … (gaps allowed: a refund number is not a tax document). */
export const refundNumbers = pgSequence('refunds_number_seq', { startWith: 1 })

/**
 * A refund of an order to the end customer (spec §3 Refund, docs/DOMAIN.md "Refunds"). Money is paid by a
 * bank payment file (`payment_file_id` = its message id, `sent_at`); the bank's answer sets Refunded or error.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    refundid: text('refundid')
      .notNull()
      .default(sql`'R-' || lpad(nextval('refunds_number_seq')::text, 6, '0')`),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The returned parcel the refund is for, when one came back. */
    inboundParcelId: uuid('inbound_parcel_id').references(() => inboundParcels.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('New'),
    errorMsgs: text('error_msgs').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    iban: text('iban').notNull().default(''),
    accountNr: text('account_nr').notNull().default(''),
    accountCode: text('account_code').notNull().default(''),
    createdById: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The message id of the payment file that sent it. */
    paymentFileId: text('payment_file_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_refundid_key').on(t.refundid),
    // The list: newest first (DESC NULLS FIRST, as `order by ... desc` reads it) per client (and for staff across clients), `order by created_at desc, id desc`.
    index('refunds_client_created_idx').on(
      t.businessclientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('refunds_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('refunds_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('refunds_client_status_created_idx').on(
      t.businessclientId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The other sortable columns (`order by <column>, id`, read forwards or backwards), per client and for staff.
    ...sortIndexes.flatMap(([name, column]) => [
      index(`refunds_client_${name}_idx`).on(t.businessclientId, t[column], t.id),
      index(`refunds_${name}_idx`).on(t[column], t.id),
    ]),
    index('refunds_order_idx').on(t.orderId, t.amount),
    // The search (ILIKE '%term%' on each, ORed): trigram indexes (pg_trgm, migration 0010) as the orders'.
    index('refunds_refundid_trgm_idx').using('gin', sql`${t.refundid} gin_trgm_ops`),
    index('refunds_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('refunds_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    check('refunds_status_check', sql`${t.status} in (${statusList})`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * Refunds per business client, status and creation day (UTC), kept by statement triggers on refunds as
 * order_day_counts and invoice_day_counts are (ADR 0012): each statement appends its deltas, a minutely
 * task folds them (platform/db/delta-counts.ts). The list's count without a search term sums these rows
 * instead of counting every matching refund. Its covering indexes are hand-written in the migration.
 */
export const refundDayCounts = pgTable(
  'refund_day_counts',
  {
    businessclientId: uuid('businessclient_id').notNull(),
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refund_day_counts_merged_key')
      .on(t.businessclientId, t.status, t.day)
      .where(sql`${t.merged}`),
  ],
)

/**
 * The same counts without the client (status and day): what staff count over every client reads, a few
 * thousand rows instead of one per client. Kept by the same triggers, folded by the same task.
 */
export const refundStatusDayCounts = pgTable(
  'refund_status_day_counts',
  {
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refund_status_day_counts_merged_key').on(t.status, t.day).where(sql`${t.merged}`),
    index('refund_status_day_counts_day_idx').on(t.day),
  ],
)
