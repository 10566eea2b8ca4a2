import type { PickupRequest } from '../../platform/providers/couriers/courier-adapter.ts'
import { type WarehouseRow, warehouseSender } from '../warehouses/index.ts'

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
    sender: warehouseSender(warehouse, warehouse.name),
    from,
    to,
    trackingIds: parcels.map((p) => p.trackingId).filter(Boolean),
    parcels: parcels.reduce((sum, p) => sum + p.parcels, 0),
    weightGrams: parcels.reduce((sum, p) => sum + p.weightGrams, 0),
  }
}
