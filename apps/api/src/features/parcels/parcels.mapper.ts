import type {
  InboundParcel,
  InboundParcelDetails,
  ParcelCondition,
  ParcelItemCondition,
  ParcelStatus,
} from '@expedo/domain'
import { publicUrl } from '../files/index.ts'
import type { ParcelItemRecord, ParcelPhotoRecord, ParcelRecord } from './parcels.repository.ts'

export function toInboundParcel(r: ParcelRecord): InboundParcel {
  const p = r.parcel
  return {
    _id: p.id,
    parcelNr: p.parcelNr,
    status: p.status as ParcelStatus,
    businessclient: { _id: p.businessclientId, name: r.businessclientName },
    order: { _id: p.orderId, clientOrderNr: r.orderNr, status: r.orderStatus },
    trackingId: p.trackingId,
    warehouse: { _id: p.warehouseId, name: r.warehouseName },
    condition: p.condition as ParcelCondition,
    note: p.note,
    units: r.units,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    processedAt: p.processedAt?.toISOString() ?? null,
  }
}

export function toParcelDetails(
  r: ParcelRecord,
  items: ParcelItemRecord[],
  photos: ParcelPhotoRecord[],
  people: { createdBy: string | null; processedBy: string | null },
): InboundParcelDetails {
  return {
    ...toInboundParcel(r),
    items: items.map((i) => ({
      _id: i.id,
      product: { _id: i.productId, name: i.productName, sku: i.sku },
      quantity: i.quantity,
      condition: i.condition as ParcelItemCondition,
      stockMovement: i.stockMovementId,
    })),
    photos: photos.map((p) => ({ _id: p.id, publicurl: publicUrl(p.key), filename: p.filename })),
    createdBy: people.createdBy,
    processedBy: people.processedBy,
  }
}
