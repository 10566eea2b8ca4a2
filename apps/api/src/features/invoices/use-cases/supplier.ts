import type { DbOrTx } from '../../../platform/db/database.ts'
import { notFound } from '../../../platform/http/app-error.ts'
import {
  createInvoicesRepository,
  type InvoiceSupplier,
  type InvoicesRepository,
} from '../invoices.repository.ts'

/** What decides the VAT of a business client's goods (place-of-supply.ts in the domain). */
export interface SupplierVat {
  country: string
  vatPayer: boolean
  registrations: string[]
  oss: { enabled: boolean; since: string | null }
}

/** The supplier block of a business client's documents: its profile as it is now. */
export async function supplierSnapshot(
  repo: InvoicesRepository,
  businessclientId: string,
): Promise<{ supplier: InvoiceSupplier; dueDays: number; vat: SupplierVat }> {
  const found = await repo.supplierOf(businessclientId)
  if (!found) throw notFound('Business client')
  const { client, contacts, accounts, companyIds } = found
  return {
    dueDays: client.invoiceDueDays,
    vat: {
      country: client.addressCountry,
      vatPayer: client.vatPayer,
      // A VAT registration is a company-id record of that country with a VAT number (and the home country).
      registrations: [
        client.addressCountry,
        ...companyIds.filter((c) => c.taxid.trim()).map((c) => c.country),
      ],
      oss: { enabled: client.ossEnabled, since: client.ossSince },
    },
    supplier: {
      name: client.name,
      vatPayer: client.vatPayer,
      address: {
        country: client.addressCountry,
        city: client.addressCity,
        street: client.addressStreet,
        streetNr: client.addressStreetNr,
        postcode: client.addressPostcode,
      },
      contacts: contacts.filter((c) => c.email).map((c) => ({ email: c.email })),
      bankaccounts: accounts.map((a) => ({
        addressCountry: a.addressCountry,
        bankname: a.bankname,
        currency: a.currency,
        accountNr: a.accountNr,
        bankCode: a.bankCode,
        IBAN: a.iban,
        SWIFT: a.swift,
      })),
      companyids: companyIds.map((c) => ({
        country: c.country,
        coid: c.coid,
        taxid: c.taxid,
        register: c.register,
      })),
    },
  }
}

/** The supplier block of a business client's documents (for callers outside the invoicing area: the demo). */
export const supplierOf = async (db: DbOrTx, businessclientId: string) =>
  (await supplierSnapshot(createInvoicesRepository(db), businessclientId)).supplier

/** What decides the VAT of a business client's goods now (for callers outside the invoicing area: the demo). */
export const supplierVatOf = async (db: DbOrTx, businessclientId: string) =>
  (await supplierSnapshot(createInvoicesRepository(db), businessclientId)).vat
