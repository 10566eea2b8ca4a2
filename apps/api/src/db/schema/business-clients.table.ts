import { boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns.ts'

export const businessClients = pgTable('business_clients', {
  id: id(),
  name: text('name').notNull(),
  addressCountry: text('address_country').notNull().default(''),
  addressRegion: text('address_region').notNull().default(''),
  addressProvince: text('address_province').notNull().default(''),
  addressCity: text('address_city').notNull().default(''),
  addressStreet: text('address_street').notNull().default(''),
  addressStreetNr: text('address_street_nr').notNull().default(''),
  addressPostcode: text('address_postcode').notNull().default(''),
  /** false: a non-VAT-payer issues plain invoices (no VAT, a "not a VAT payer" note; FINANCE.md). */
  vatPayer: boolean('vat_payer').notNull().default(true),
  /** Days from an invoice's issue to its due date. */
  invoiceDueDays: integer('invoice_due_days').notNull().default(14),
  /**
   * The One-Stop-Shop (FINANCE.md "Place of supply"): distance sales to consumers in another member state take
   * the destination country's VAT from `ossSince` on (VAT Directive art. 33, 369a–369k).
   */
  ossEnabled: boolean('oss_enabled').notNull().default(false),
  ossSince: date('oss_since', { mode: 'string' }),
  // Business profile settings (spec keys in comments).
  invoicingAutoGenerate: boolean('invoicing_auto_generate').notNull().default(false), // orders.invoicing.autoGenerate
  automaticBlockingGoods: boolean('automatic_blocking_goods').notNull().default(true), // orders.automaticBlockingGoods
  automaticAssignCourier: boolean('automatic_assign_courier').notNull().default(true), // orders.shipping.automaticAssingCourier
  emailNewPo: boolean('email_new_po').notNull().default(false), // notifications.email.newPo
  emailShippingPo: boolean('email_shipping_po').notNull().default(false), // notifications.email.shippingPo
  ticketsNewTicket: boolean('tickets_new_ticket').notNull().default(false), // notifications.dashboard.tickets.newticket
  ticketsNewMessage: boolean('tickets_new_message').notNull().default(false), // notifications.dashboard.tickets.newmessage
  ...timestamps,
})

const owner = () =>
  uuid('businessclient_id')
    .notNull()
    .references(() => businessClients.id, { onDelete: 'cascade' })

export const businessClientContacts = pgTable(
  'business_client_contacts',
  {
    id: id(),
    businessclientId: owner(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    position: text('position').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('business_client_contacts_owner_idx').on(t.businessclientId)],
)

export const businessClientBankAccounts = pgTable(
  'business_client_bank_accounts',
  {
    id: id(),
    businessclientId: owner(),
    bankname: text('bankname').notNull(),
    currency: text('currency').notNull(),
    accountNr: text('account_nr').notNull().default(''),
    bankCode: text('bank_code').notNull().default(''),
    iban: text('iban').notNull().default(''),
    swift: text('swift').notNull().default(''),
    addressCity: text('address_city').notNull().default(''),
    addressCountry: text('address_country').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('business_client_bank_accounts_owner_idx').on(t.businessclientId)],
)

export const businessClientCompanyIds = pgTable(
  'business_client_company_ids',
  {
    id: id(),
    businessclientId: owner(),
    country: text('country').notNull(),
    coid: text('coid').notNull().default(''),
    taxid: text('taxid').notNull().default(''),
    /** The commercial register entry a Slovak issuer prints on its invoices (SK Obchodný zákonník §3a). */
    register: text('register').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('business_client_company_ids_owner_idx').on(t.businessclientId)],
)
