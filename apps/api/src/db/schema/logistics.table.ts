import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns.ts'

/**
 * The provider's warehouses, one country each, with the sender address and contact its courier labels,
 * pickups and handover manifests carry (issue 25; '' until an admin sets them).
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    street: text('street').notNull().default(''),
    houseNumber: text('house_number').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('warehouses_name_idx').on(t.name)],
)

/** Supplier companies: the seller on an inbound shipment. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    country: text('country').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_name_idx').on(t.name)],
)

/** Couriers per country; exactly one default per country (partial unique index). */
export const couriers = pgTable(
  'couriers',
  {
    id: id(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('couriers_name_country_idx').on(t.name, t.country),
    uniqueIndex('couriers_one_default_per_country_idx').on(t.country).where(sql`${t.isDefault}`),
  ],
)
