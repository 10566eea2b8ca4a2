import {
  type Courier,
  type CourierQuotation,
  officePickupCouriers,
  type QuotationServiceType,
} from '@expedo/domain'
import type { CourierRow } from './couriers.repository.ts'
import type { QuotationRow } from './quotations.lookup.ts'

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

export const toQuotation = (row: QuotationRow): CourierQuotation => ({
  _id: row.id,
  courier: row.courierId,
  country: row.country,
  currency: row.currency,
  isActive: row.isActive,
  courier_transport: Number(row.transport),
  courier_return: Number(row.returnPrice),
  courier_COD_Service_cash: Number(row.codCash),
  courier_COD_Service_card: Number(row.codCardPercent),
  courier_toll_rate: Number(row.tollRate),
  courier_fuel_charge: Number(row.fuelChargePercent),
  serviceType: { name: row.serviceType as QuotationServiceType },
  amount: Number(row.amount),
  createdAt: row.createdAt.toISOString(),
})
