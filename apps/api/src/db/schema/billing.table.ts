import { billDocumentKinds, quotationServiceTypes, serviceTriggers } from '@expedo/domain'
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
import { id, money, percent, timestamps } from './columns.ts'
import { numberSeries } from './invoices.table.ts'
import { type IssuerAddress, type IssuerBankAccount, issuers } from './issuers.table.ts'
import { couriers } from './logistics.table.ts'

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A courier's price for one destination country and service (spec §3 Courier quotation; docs/couriers.md
 * §8). Prices exclude VAT. `amount` is the price per parcel the courier page shows: transport with the fuel
 * surcharge and the toll, kept in step by the service that writes it. One active quotation per courier,
 * country and service; a changed price deactivates the old row and adds a new one (services keep theirs).
 */
export const courierQuotations = pgTable(
  'courier_quotations',
  {
    id: id(),
    courierId: uuid('courier_id')
      .notNull()
      .references(() => couriers.id),
    /** Destination country (the order's ship-to country). */
    country: text('country').notNull(),
    serviceType: text('service_type').notNull().default('address'),
    currency: text('currency').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    transport: money('courier_transport').notNull(),
    returnPrice: money('courier_return').notNull().default('0'),
    codCash: money('courier_cod_service_cash').notNull().default('0'),
    /** Card COD: a percentage of the COD amount. */
    codCardPercent: percent('courier_cod_service_card').notNull().default('0'),
    /** Toll per parcel. */
    tollRate: money('courier_toll_rate').notNull().default('0'),
    /** Fuel surcharge: a percentage of the transport price. */
    fuelChargePercent: percent('courier_fuel_charge').notNull().default('0'),
    amount: money('amount').notNull(),
    ...timestamps,
  },
  (t) => [
    index('courier_quotations_courier_idx').on(t.courierId, t.country, t.serviceType),
    uniqueIndex('courier_quotations_active_key')
      .on(t.courierId, t.country, t.serviceType)
      .where(sql`${t.isActive}`),
    check('courier_quotations_service_check', sql`${t.serviceType} in (${list(quotationServiceTypes)})`),
    check(
      'courier_quotations_prices_check',
      sql`${t.transport} >= 0 and ${t.returnPrice} >= 0 and ${t.codCash} >= 0 and ${t.codCardPercent} >= 0 and ${t.tollRate} >= 0 and ${t.fuelChargePercent} >= 0 and ${t.amount} >= 0`,
    ),
  ],
)

/**
 * The provider's prices (docs/domain.md "Services and bills"): the default card of a country
 * (businessclient_id null) or a client's override, valid from a day (to a day, or open). The rate in force
 * on a service's day is the client's card valid that day, else the default card.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: id(),
    businessclientId: uuid('businessclient_id').references(() => businessClients.id),
    /** The provider's country the services are billed from (the warehouse's country, the issuer's). */
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    fulfilmentOrder: money('fulfilment_order').notNull().default('0'),
    fulfilmentExtraItem: money('fulfilment_extra_item').notNull().default('0'),
    receivingUnit: money('receiving_unit').notNull().default('0'),
    storagePositionDay: money('storage_position_day').notNull().default('0'),
    codFee: money('cod_fee').notNull().default('0'),
    refundHandling: money('refund_handling').notNull().default('0'),
    packaging: money('packaging').notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rate_cards_key').on(
      sql`coalesce(${t.businessclientId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.country,
      t.validFrom,
    ),
    index('rate_cards_client_idx').on(t.businessclientId, t.country, t.validFrom),
    check('rate_cards_validity_check', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
    check(
      'rate_cards_prices_check',
      sql`${t.fulfilmentOrder} >= 0 and ${t.fulfilmentExtraItem} >= 0 and ${t.receivingUnit} >= 0 and ${t.storagePositionDay} >= 0 and ${t.codFee} >= 0 and ${t.refundHandling} >= 0 and ${t.packaging} >= 0`,
    ),
  ],
)

/** The client block of a bill as it was when the bill was made (spec §3 Bill `businessclient`, `businessclientId`). */
export interface BillClient {
  name: string
  address: { street: string; streetNr: string; postcode: string; city: string; country: string }
  coid: string
  taxid: string
  /** The client's commercial register entry (bills before it was kept have none). */
  register?: string
}
/** The issuer block of a bill (spec §3 Bill `issuer`, `issuerId`), copied from `issuers` when locked. */
export interface BillIssuer {
  name: string
  address: IssuerAddress
  bankaccounts: IssuerBankAccount[]
  coid: string
  taxid: string
  vatPayer: boolean
  email: string
  registration: string
}

/**
 * Provider bills and bill credit notes (kind). Unlocked = 'Pending for Approval': no number, items editable
 * by finance. Locking assigns the gap-free number (number_series owned by the issuer), the dates, and makes
 * the PDF available; a locked bill never changes (a bill credit note corrects it), except being paid.
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    kind: text('kind').notNull().default('bill'),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id),
    /** A bill credit note's bill. */
    billId: uuid('bill_id').references((): AnyPgColumn => bills.id),
    seriesId: uuid('series_id').references(() => numberSeries.id),
    sequenceNumber: text('sequence_number'),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    locked: boolean('locked').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    issuedDate: date('issued_date', { mode: 'string' }),
    taxDate: date('tax_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    nettoTotal: money('netto_total').notNull().default('0'),
    vatTotal: money('vat_total').notNull().default('0'),
    bruttoTotal: money('brutto_total').notNull().default('0'),
    /** A foreign-currency bill of a CZ/RO issuer: its VAT in the issuer's currency at the tax date's rate. */
    exchangeCurrency: text('exchange_currency'),
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6, mode: 'string' }),
    exchangeDate: date('exchange_date', { mode: 'string' }),
    exchangeVat: money('exchange_vat'),
    /** Finance's internal note (never printed; may change on a locked bill). */
    note: text('note').notNull().default(''),
    /** A bill credit note's reason (ZDPH § 45(1): required, printed); '' for a bill. */
    reason: text('reason').notNull().default(''),
    /** The VAT treatment by the place of supply (domain `vatTreatmentKinds`; 'reverse-charge' prints its wording). */
    vatTreatment: text('vat_treatment').notNull().default('domestic'),
    client: jsonb('client').$type<BillClient>().notNull(),
    issuer: jsonb('issuer').$type<BillIssuer>().notNull(),
    ...timestamps,
  },
  (t) => [
    check('bills_kind_check', sql`${t.kind} in (${list(billDocumentKinds)})`),
    check('bills_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('bills_locked_number_check', sql`${t.locked} = (${t.sequenceNumber} is not null)`),
    // One number names one tax document of its issuer, bill or credit note (FINANCE.md "Numbering").
    uniqueIndex('bills_number_key').on(t.issuerId, t.sequenceNumber),
    index('bills_client_created_idx').on(
      t.businessclientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bills_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('bills_bill_idx').on(t.billId),
    // The month's drafts until finance locks them (the dashboard's bills to issue by their deadline).
    index('bills_unlocked_idx')
      .on(t.businessclientId, t.periodEnd)
      .where(sql`${t.kind} = 'bill' and not ${t.locked}`),
  ],
)

export const billItems = pgTable(
  'bill_items',
  {
    id: id(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** The service name it summarises (null for an item finance added by hand). */
    serviceType: text('service_type'),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'string' }).notNull(),
    nettoPrice: money('netto_price').notNull(),
    vatPercent: percent('vat_percent').notNull(),
    nettoTotal: money('netto_total').notNull(),
    vatAmount: money('vat_amount').notNull(),
    bruttoTotal: money('brutto_total').notNull(),
    productName: text('product_name'),
    /** A bill credit note's item: the bill item it credits. */
    sourceItemId: uuid('source_item_id').references((): AnyPgColumn => billItems.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bill_items_bill_idx').on(t.billId, t.position)],
)

/**
 * One billable event (spec §3 Service): priced from the rate in force when recorded, in the same
 * transaction as its event. `dedupe_key` makes recording idempotent (`Order:<id>:fulfilment`,
 * `Storage:<card>:<day>:storage` …): a retried or raced event inserts nothing twice. Billed once a bill
 * collects it (`bill_id`).
 */
export const services = pgTable(
  'services',
  {
    id: id(),
    businessclientId: uuid('businessclient_id')
      .notNull()
      .references(() => businessClients.id),
    serviceType: text('service_type').notNull(),
    category: text('category').notNull(),
    trigger: text('trigger').notNull(),
    triggerId: uuid('trigger_id'),
    /** The trigger's human reference (order number, shipment number, SKU …) for the lists. */
    triggerRef: text('trigger_ref').notNull().default(''),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'string' }).notNull().default('1'),
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    description: text('description').notNull().default(''),
    /** The day the service is for (a storage day, the shipping day …). */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    billId: uuid('bill_id').references(() => bills.id),
    quotationId: uuid('quotation_id').references(() => courierQuotations.id),
    rateCardId: uuid('rate_card_id').references(() => rateCards.id),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('services_trigger_check', sql`${t.trigger} in (${list(serviceTriggers)})`),
    check('services_amount_check', sql`${t.amount} >= 0 and ${t.quantity} >= 0`),
    uniqueIndex('services_dedupe_key').on(t.dedupeKey),
    index('services_client_created_idx').on(
      t.businessclientId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('services_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('services_trigger_idx').on(t.triggerId),
    // A bill's services in a stable order (the bill's services list and export page by id).
    index('services_bill_idx').on(t.billId, t.id),
    // The services list filtered to not billed (the running bill, /billing/services 'Not billed').
    index('services_unbilled_client_created_idx')
      .on(t.businessclientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.billId} is null`),
    index('services_unbilled_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.billId} is null`),
    // The billing job's input: a client's unbilled services of a currency, by day.
    index('services_unbilled_idx')
      .on(t.businessclientId, t.currency, t.createdAt)
      .where(sql`${t.billId} is null`),
  ],
)
