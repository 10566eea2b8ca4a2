import { codMismatchKinds, codMismatchStatuses, codTransferStatuses } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
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
import { users } from './users.table.ts'

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** The COD transfer's human number (tranfferNr): COD-000001, … from a sequence. */
export const codTransferNumbers = pgSequence('cod_transfers_nr_seq', { startWith: 1 })

/** The bank account a transfer pays to: a snapshot of the client's profile account in that currency. */
export interface CodBankAccount {
  accountNr: string
  bankCode: string
  IBAN: string
  SWIFT: string
}

/**
 * One payout line a courier reported (Econt PaymentReport row, or a row of an uploaded payout
 * spreadsheet). `dedupe_key` is unique: a report imported twice inserts nothing the second time.
 * `order_id` is the order whose tracking id it carries (NULL: unknown tracking id).
 */
export const codPayouts = pgTable(
  'cod_payouts',
  {
    id: id(),
    source: text('source').notNull(),
    trackingId: text('tracking_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default(''),
    paidDate: date('paid_date', { mode: 'string' }),
    /** The courier's report (Econt: the date range) or the uploaded file's name. */
    reportId: text('report_id').notNull().default(''),
    /** The import that inserted it (one per call): the reconciliation statements work on its rows. */
    importId: uuid('import_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cod_payouts_dedupe_key').on(t.dedupeKey),
    index('cod_payouts_import_idx').on(t.importId),
    index('cod_payouts_order_idx').on(t.orderId),
    check('cod_payouts_source_check', sql`${t.source} in ('econt', 'upload')`),
  ],
)

/** A payout that does not match its order (or no order), or an order never paid: finance resolves it. */
export const codMismatches = pgTable(
  'cod_mismatches',
  {
    id: id(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    payoutId: uuid('payout_id').references(() => codPayouts.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id').references(() => businessClients.id, {
      onDelete: 'cascade',
    }),
    trackingId: text('tracking_id').notNull().default(''),
    currency: text('currency').notNull().default(''),
    expected: money('expected'),
    received: money('received'),
    status: text('status').notNull().default('open'),
    reason: text('reason').notNull().default(''),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('cod_mismatches_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('cod_mismatches_payout_key').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    // One not-paid mismatch per order.
    uniqueIndex('cod_mismatches_not_paid_key').on(t.orderId).where(sql`${t.kind} = 'not_paid'`),
    check('cod_mismatches_kind_check', sql`${t.kind} in (${list(codMismatchKinds)})`),
    check('cod_mismatches_status_check', sql`${t.status} in (${list(codMismatchStatuses)})`),
  ],
)

/** Every resolve action on a mismatch: what, who (id and username at the time), when. */
export const codMismatchActions = pgTable(
  'cod_mismatch_actions',
  {
    id: id(),
    mismatchId: uuid('mismatch_id')
      .notNull()
      .references(() => codMismatches.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    amount: money('amount'),
    reason: text('reason').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cod_mismatch_actions_mismatch_idx').on(t.mismatchId, t.at)],
)

/**
 * A COD order whose money the courier paid (a matching payout, or a resolved mismatch): *collected*.
 * One row per order (the primary key). A transfer takes the collected orders that have no cod_transfer_id.
 */
export const codCollections = pgTable(
  'cod_collections',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    payoutId: uuid('payout_id').references(() => codPayouts.id, { onDelete: 'set null' }),
    mismatchId: uuid('mismatch_id').references(() => codMismatches.id, { onDelete: 'set null' }),
    /** Set when a transfer includes it (the order's cod_transfer_id is the same). */
    transferId: uuid('transfer_id').references(() => codTransfers.id, { onDelete: 'set null' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The collected, not yet transferred COD of a client and currency: what a new transfer takes.
    index('cod_collections_open_idx').on(t.businessclientId, t.currency).where(sql`${t.transferId} is null`),
    index('cod_collections_transfer_idx').on(t.transferId),
  ],
)

/** Spec §3 Transfer (COD): pays a business client the collected COD of its orders in one currency. */
export const codTransfers = pgTable(
  'cod_transfers',
  {
    id: id(),
    tranfferNr: text('tranffer_nr')
      .notNull()
      .default(sql`'COD-' || lpad(nextval('cod_transfers_nr_seq')::text, 6, '0')`),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Σ COD of its orders − netting. */
    amount: money('amount').notNull(),
    codTotal: money('cod_total').notNull(),
    ordersCount: integer('orders_count').notNull().default(0),
    /** The client's unpaid locked bills in this currency netted against it (0: none). */
    nettingAmount: money('netting_amount').notNull().default('0'),
    nettedBills: jsonb('netted_bills').$type<{ id: string; sequenceNumber: string; amount: string }[]>(),
    toBankAccount: jsonb('to_bank_account').$type<CodBankAccount>().notNull(),
    status: text('status').notNull().default('New'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cod_transfers_nr_key').on(t.tranfferNr),
    index('cod_transfers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('cod_transfers_client_created_idx').on(
      t.businessclientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('cod_transfers_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('cod_transfers_status_check', sql`${t.status} in (${list(codTransferStatuses)})`),
    check('cod_transfers_amount_check', sql`${t.amount} >= 0`),
  ],
)
