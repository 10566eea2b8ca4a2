import { billDocumentKinds, documentKinds } from '@expedo/domain'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessClients } from './business-clients.table.ts'
import { id, money, timestamps } from './columns.ts'
import { issuers } from './issuers.table.ts'
import { orders } from './orders.table.ts'

const kinds = sql.raw(documentKinds.map((k) => `'${k}'`).join(', '))
const seriesKinds = sql.raw([...documentKinds, ...billDocumentKinds].map((k) => `'${k}'`).join(', '))

/** VAT rates by country with validity dates (FINANCE.md "Money and VAT"): data, not code. */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: id(),
    /** The country's name as the app stores it ('Czech'). */
    country: text('country').notNull(),
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    /** standard, reduced or second reduced: the invoice of an order takes the standard rate. */
    kind: text('kind').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vat_rates_country_kind_from_key').on(t.country, t.kind, t.validFrom),
    check('vat_rates_kind_check', sql`${t.kind} in ('standard', 'reduced', 'reduced2')`),
  ],
)

/**
 * Exchange rates for the local-currency VAT statement of foreign-currency documents (CZ: VAT in CZK,
 * RO: in lei): `rate` units of `target` for one unit of `currency`, as published for `day`.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    target: text('target').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 14, scale: 6, mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('exchange_rates_key').on(t.currency, t.target, t.day)],
)

/**
 * A number series (FINANCE.md "Numbering"): per owner, document type, customer country, year and prefix.
 * The owner is a business client (its invoices and credit notes) or a provider issuer (its bills and bill
 * credit notes), exactly one of the two. Issuing takes `next_value` with one UPDATE … RETURNING, the last
 * statement of its transaction.
 */
export const numberSeries = pgTable(
  'number_series',
  {
    id: id(),
    businessclientId: uuid('businessclient_id').references(() => businessClients.id),
    issuerId: uuid('issuer_id').references(() => issuers.id),
    documentType: text('document_type').notNull(),
    country: text('country').notNull(),
    year: integer('year').notNull(),
    prefix: text('prefix').notNull().default(''),
    format: text('format').notNull(),
    nextValue: integer('next_value').notNull().default(1),
    /** The value it started from: next_value above it means a number was issued (delete refused). */
    firstValue: integer('first_value').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('number_series_key').on(t.businessclientId, t.documentType, t.country, t.year, t.prefix),
    uniqueIndex('number_series_issuer_key').on(t.issuerId, t.documentType, t.country, t.year, t.prefix),
    check('number_series_type_check', sql`${t.documentType} in (${seriesKinds})`),
    check('number_series_owner_check', sql`(${t.businessclientId} is null) <> (${t.issuerId} is null)`),
    check('number_series_next_value_check', sql`${t.nextValue} >= ${t.firstValue}`),
  ],
)

/** The supplier block as issued (the business client's name, address, company ids and bank accounts). */
export interface InvoiceSupplier {
  name: string
  vatPayer: boolean
  address: { country: string; city: string; street: string; streetNr: string; postcode: string }
  contacts: { email: string }[]
  bankaccounts: {
    addressCountry: string
    bankname: string
    currency: string
    accountNr: string
    bankCode: string
    IBAN: string
    SWIFT: string
  }[]
  /** `register` is absent on documents issued before it was kept. */
  companyids: { country: string; coid: string; taxid: string; register?: string }[]
  /**
   * The country of the VAT registration the document is issued under (its company ids are printed): the
   * warehouse's country when the goods leave from a country where the client is registered; absent on
   * documents made before it was kept, and for the home country.
   */
  vatRegistration?: string
}
export interface InvoiceCustomer {
  firstName: string
  lastName: string
  companyName: string
  street: string
  streetNr: string
  postcode: string
  city: string
  country: string
  taxId: string
  companyId: string
  email: string
  phone: string
}
export interface InvoiceShipTo {
  name: string
  street: string
  streetNr: string
  postcode: string
  city: string
  country: string
}

/**
 * Invoices and credit notes (kind). A draft has no number; issued ones are never deleted and their lines and
 * totals never change (the triggers of migration 0015 refuse it as a second guard behind the service).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    kind: text('kind').notNull(),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id),
    orderId: uuid('order_id').references(() => orders.id),
    /** The order number when made (the list filters by it). */
    orderNr: text('order_nr').notNull().default(''),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id),
    seriesId: uuid('series_id').references(() => numberSeries.id),
    sequenceNumber: text('sequence_number'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    variableSymbol: text('variable_symbol').notNull().default(''),
    paymentType: text('payment_type').notNull().default(''),
    nettoTotal: money('netto_total').notNull().default('0'),
    vatTotal: money('vat_total').notNull().default('0'),
    bruttoTotal: money('brutto_total').notNull().default('0'),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    taxDate: date('tax_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    exchangeCurrency: text('exchange_currency'),
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6, mode: 'string' }),
    exchangeDate: date('exchange_date', { mode: 'string' }),
    exchangeVat: money('exchange_vat'),
    supplier: jsonb('supplier').$type<InvoiceSupplier>().notNull(),
    customer: jsonb('customer').$type<InvoiceCustomer>().notNull(),
    customerInternal: text('customer_internal').notNull().default(''),
    shipTo: jsonb('ship_to').$type<InvoiceShipTo>().notNull(),
    /** A credit note's reason (printed). */
    reason: text('reason').notNull().default(''),
    /** The VAT treatment by the place of supply (domain `vatTreatmentKinds`; the wording printed for it). */
    vatTreatment: text('vat_treatment').notNull().default('domestic'),
    /** An invoice whose every line is credited: the order may get a new invoice. */
    creditedFully: boolean('credited_fully').notNull().default(false),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in (${kinds})`),
    // One number names one tax document of its issuer, whatever its kind (FINANCE.md "Numbering").
    uniqueIndex('invoices_number_key').on(t.businessclientId, t.sequenceNumber),
    // One live invoice per order: invoicing an order twice at once makes one.
    uniqueIndex('invoices_order_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.orderId} is not null and not ${t.creditedFully}`),
    // The list sorts `issued_date desc, id desc` (DESC is NULLS FIRST): the indexes keep exactly that order.
    index('invoices_client_kind_issued_idx').on(
      t.businessclientId,
      t.kind,
      t.issuedDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invoices_kind_issued_idx').on(t.kind, t.issuedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_invoice_idx').on(t.invoiceId),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_order_nr_trgm_idx').using('gin', sql`${t.orderNr} gin_trgm_ops`),
    index('invoices_number_trgm_idx').using('gin', sql`${t.sequenceNumber} gin_trgm_ops`),
  ],
)

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'string' }).notNull(),
    nettoPrice: money('netto_price').notNull(),
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    price: money('price').notNull(),
    vatAmount: money('vat_amount').notNull(),
    nettoTotal: money('netto_total').notNull(),
    bruttoTotal: money('brutto_total').notNull(),
    /**
     * A gross-priced line (consumer prices include VAT, FINANCE.md "VAT from gross prices"): its brutto
     * total is what the customer paid and its VAT is computed from above; false: a net line.
     */
    grossPriced: boolean('gross_priced').notNull().default(false),
    /** A credit note's line: the invoice line it credits. */
    sourceItemId: uuid('source_item_id').references((): AnyPgColumn => invoiceItems.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_items_source_idx').on(t.sourceItemId),
  ],
)

/**
 * Orders shipped with invoicing on (business profile autoGenerate and the order's generate_invoice), written
 * in the shipping transaction; the invoicing task issues their invoices and deletes the rows (idempotent).
 */
export const invoiceRequests = pgTable('invoice_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Documents per issue day, kind, business client and customer country: the invoices list's count sums a
 * range's days instead of counting every matching document (migration 'invoice_day_counts', ADR 0012's
 * design). Statement triggers on invoices append deltas (merged false); the minutely job folds them. A
 * derived cache: no foreign keys.
 */
export const invoiceDayCounts = pgTable(
  'invoice_day_counts',
  {
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    businessclientId: uuid('businessclient_id').notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
    merged: boolean('merged').notNull().default(false),
  },
  (t) => [
    index('invoice_day_counts_day_idx').on(t.kind, t.day),
    uniqueIndex('invoice_day_counts_merged_key')
      .on(t.kind, t.day, t.businessclientId, t.country)
      .where(sql`${t.merged}`),
  ],
)
