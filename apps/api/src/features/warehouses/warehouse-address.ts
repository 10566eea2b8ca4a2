import type { WarehouseAddress } from '@expedo/domain'
import type { WarehouseRow } from './warehouses.repository.ts'

type SenderFields = Pick<WarehouseRow, 'street' | 'postCode' | 'city' | 'phone'>

/** What a courier needs of a sender, in the words a message names them: street, post code, city, phone. */
const REQUIRED: [keyof SenderFields, string][] = [
  ['street', 'street'],
  ['postCode', 'post code'],
  ['city', 'city'],
  ['phone', 'phone'],
]

/** The sender fields a warehouse still lacks (none: couriers accept it as a label's sender). */
export function missingSenderFields(w: SenderFields): string[] {
  return REQUIRED.filter(([key]) => !w[key].trim()).map(([, words]) => words)
}

export function toWarehouseAddress(w: WarehouseRow): WarehouseAddress {
  return {
    _id: w.id,
    name: w.name,
    country: w.country,
    contactName: w.contactName,
    phone: w.phone,
    email: w.email,
    street: w.street,
    houseNumber: w.houseNumber,
    postCode: w.postCode,
    city: w.city,
    complete: missingSenderFields(w).length === 0,
  }
}
