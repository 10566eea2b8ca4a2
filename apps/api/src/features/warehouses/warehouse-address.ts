import type { WarehouseAddress } from '@expedo/domain'
import {
  type LabelAddress,
  type LabelContact,
  labelCountry,
} from '../../platform/providers/couriers/courier-adapter.ts'
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

/**
 * The warehouse as a courier's sender (a label's, a van's pickup): its contact person, phone and e-mail at its
 * address, for `company` (the business client whose goods ship, or the warehouse itself). Check
 * missingSenderFields first.
 */
export function warehouseSender(w: WarehouseRow, company: string): LabelContact & { address: LabelAddress } {
  return {
    name: w.contactName || w.name,
    company,
    phone: w.phone || undefined,
    email: w.email || undefined,
    address: {
      country: labelCountry(w.country),
      city: w.city,
      postCode: w.postCode,
      street: w.street,
      houseNumber: w.houseNumber || undefined,
    },
  }
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
