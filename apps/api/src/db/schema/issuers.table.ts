import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns.ts'

export interface IssuerAddress {
  street: string
  streetNr: string
  postcode: string
  city: string
  country: string
}
export interface IssuerBankAccount {
  bankname: string
  currency: string
  accountNr: string
  bankCode: string
  IBAN: string
  SWIFT: string
}

/**
 * The provider's legal entity per country it bills from (docs/domain.md "Parties"): the issuer of bills,
 * with its company ids and bank accounts. A bill copies it when it is locked (a later edit changes no bill).
 */
export const issuers = pgTable(
  'issuers',
  {
    id: id(),
    /** The country's name as the app stores it ('Czech'): one issuer per country. */
    country: text('country').notNull(),
    name: text('name').notNull(),
    /** Company id (IČO, CUI …) and tax id (DIČ, VAT number). */
    coid: text('coid').notNull().default(''),
    taxid: text('taxid').notNull().default(''),
    vatPayer: boolean('vat_payer').notNull().default(true),
    address: jsonb('address').$type<IssuerAddress>().notNull(),
    email: text('email').notNull().default(''),
    bankaccounts: jsonb('bankaccounts').$type<IssuerBankAccount[]>().notNull().default([]),
    /** The register entry line printed on documents (e.g. 'C 12345 vedená u Krajského soudu v Brně'). */
    registration: text('registration').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('issuers_country_key').on(t.country)],
)
