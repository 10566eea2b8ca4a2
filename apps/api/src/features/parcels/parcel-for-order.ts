import type { InboundParcel } from '@expedo/domain'
import type { DbOrTx } from '../../platform/db/database.ts'
import { toInboundParcel } from './parcels.mapper.ts'
import { createParcelsRepository } from './parcels.repository.ts'

/**
 * For the refunds feature: the latest parcel (registered or processed) of an order, or null. No tenant
 * check here: the caller has already found the order within its scope.
 */
export async function parcelForOrder(db: DbOrTx, orderId: string): Promise<InboundParcel | null> {
  const row = await createParcelsRepository(db).latestOfOrder(orderId)
  return row ? toInboundParcel(row) : null
}

/** Whether `parcelId` is a returned parcel of the order (what a refund of that order may name). */
export async function isParcelOfOrder(db: DbOrTx, parcelId: string, orderId: string): Promise<boolean> {
  const row = await createParcelsRepository(db).latestOfOrder(orderId, parcelId)
  return row !== undefined
}
