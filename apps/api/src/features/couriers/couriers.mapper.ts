import { type Courier, officePickupCouriers } from '@expedo/domain'
import type { CourierRow } from './couriers.repository.ts'

const officeCouriers = new Set<string>(officePickupCouriers)

/** Spec §9: ECONT and ECONT_GR orders choose an office. */
export const hasOfficePickup = (courierName: string) => officeCouriers.has(courierName)

export const toCourier = (row: CourierRow): Courier => ({
  _id: row.id,
  name: row.name,
  country: row.country,
  isDefault: row.isDefault,
  officePickup: hasOfficePickup(row.name),
})
