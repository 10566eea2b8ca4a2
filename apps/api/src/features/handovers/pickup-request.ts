import { type CountryCode, countryCodeByName } from '@expedo/domain'
import type { PickupRequest } from '../../platform/providers/couriers/courier-adapter.ts'
import type { WarehouseRow } from './handovers.repository.ts'

/**
 * The courier-neutral pickup request of a handover: the warehouse as sender (its contact and address,
 * issue 25's warehouse columns), the window, and the parcels' AWBs, boxes and weight as their labels
 * declared them.
 */
export function pickupRequestOf(
  warehouse: WarehouseRow,
  parcels: { trackingId: string; parcels: number; weightGrams: number }[],
  from: Date,
  to: Date,
): PickupRequest {
  return {
    sender: {
      name: warehouse.contactName || warehouse.name,
      company: warehouse.name,
      phone: warehouse.phone || undefined,
      email: warehouse.email || undefined,
      address: {
        country: (countryCodeByName(warehouse.country) ?? warehouse.country) as CountryCode,
        city: warehouse.city,
        postCode: warehouse.postCode,
        street: warehouse.street,
        houseNumber: warehouse.houseNumber || undefined,
      },
    },
    from,
    to,
    trackingIds: parcels.map((p) => p.trackingId).filter(Boolean),
    parcels: parcels.reduce((sum, p) => sum + p.parcels, 0),
    weightGrams: parcels.reduce((sum, p) => sum + p.weightGrams, 0),
  }
}
