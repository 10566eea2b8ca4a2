import type { Address, BusinessClient, BusinessProfile, BusinessProfileKey } from '@expedo/domain'
import type { BusinessClientAggregate, BusinessClientRow } from './business-clients.repository.ts'

/** Spec setting key → column of business_clients. */
export const profileColumns = {
  'orders.invoicing.autoGenerate': 'invoicingAutoGenerate',
  'orders.automaticBlockingGoods': 'automaticBlockingGoods',
  'orders.shipping.automaticAssingCourier': 'automaticAssignCourier',
  'notifications.email.newPo': 'emailNewPo',
  'notifications.email.shippingPo': 'emailShippingPo',
  'notifications.dashboard.tickets.newticket': 'ticketsNewTicket',
  'notifications.dashboard.tickets.newmessage': 'ticketsNewMessage',
} as const satisfies Record<BusinessProfileKey, keyof BusinessClientRow>

export const addressColumns = {
  country: 'addressCountry',
  region: 'addressRegion',
  province: 'addressProvince',
  city: 'addressCity',
  street: 'addressStreet',
  streetNr: 'addressStreetNr',
  postcode: 'addressPostcode',
} as const satisfies Record<keyof Address, keyof BusinessClientRow>

export const normaliseIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase()

export function toBusinessClient({
  client,
  contacts,
  bankAccounts,
  companyIds,
}: BusinessClientAggregate): BusinessClient {
  const address = Object.fromEntries(
    Object.entries(addressColumns).map(([field, column]) => [field, client[column]]),
  ) as Address
  const businessprofile = Object.fromEntries(
    Object.entries(profileColumns).map(([key, column]) => [key, client[column]]),
  ) as BusinessProfile
  return {
    _id: client.id,
    name: client.name,
    address,
    invoicing: {
      vatPayer: client.vatPayer,
      dueDays: client.invoiceDueDays,
      oss: client.ossEnabled,
      ossSince: client.ossSince,
    },
    contacts: contacts.map((c) => ({
      _id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      position: c.position,
    })),
    bankaccounts: bankAccounts.map((a) => ({
      _id: a.id,
      bankname: a.bankname,
      currency: a.currency,
      accountNr: a.accountNr,
      bankCode: a.bankCode,
      IBAN: a.iban,
      SWIFT: a.swift,
      addressCity: a.addressCity,
      addressCountry: a.addressCountry,
    })),
    companyids: companyIds.map((c) => ({
      _id: c.id,
      country: c.country,
      coid: c.coid,
      taxid: c.taxid,
      register: c.register,
    })),
    businessprofile,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
  }
}

/** A partial address → the columns to set. */
export function addressToColumns(address: Partial<Address>): Partial<BusinessClientRow> {
  const values: Partial<Record<string, string>> = {}
  for (const [field, column] of Object.entries(addressColumns)) {
    const value = address[field as keyof Address]
    if (value !== undefined) values[column] = value
  }
  return values as Partial<BusinessClientRow>
}
