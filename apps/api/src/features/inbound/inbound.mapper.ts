import type { InboundShipment, InboundShipmentDetails, InboundStatus } from '@expedo/domain'
import { publicUrl } from '../files/index.ts'
import type { GoodsRecord, PhotoRecord, ShipmentRecord } from './inbound.repository.ts'

const num = (v: string | null) => (v === null ? null : Number(v))

/** The last 9 characters of the id: how the spec shows a shipment, and its reference on movements. */
export const shortId = (id: string) => id.slice(-9)

export function toInboundShipment(r: ShipmentRecord): InboundShipment {
  const s = r.shipment
  return {
    _id: s.id,
    status: s.status as InboundStatus,
    warehouse: { _id: s.warehouseId, name: r.warehouseName },
    businessclient: { _id: s.businessclientId, name: r.businessclientName },
    seller: s.sellerId ? { _id: s.sellerId, name: r.sellerName ?? '' } : null,
    transporter: s.transporter,
    nrOfPacks: s.nrOfPacks,
    weightKg: num(s.weightKg),
    height: num(s.heightCm),
    volume: num(s.volumeM3),
    comment: s.comment,
    goodsCount: r.goodsCount,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }
}

export function toInboundDetails(
  r: ShipmentRecord,
  photos: PhotoRecord[],
  goods: GoodsRecord[],
): InboundShipmentDetails {
  return {
    ...toInboundShipment(r),
    processedAt: r.shipment.processedAt?.toISOString() ?? null,
    photos: photos.map((p) => ({ _id: p.id, publicurl: publicUrl(p.key), filename: p.filename })),
    goodsreceived: goods.map((g) => ({
      _id: g.id,
      sku: g.sku,
      product: g.productId
        ? {
            _id: g.productId,
            name: g.productName!,
            codes: { sku: g.productSku!, barcode: g.productBarcode! },
            photos: (g.photoKeys ?? []).map(publicUrl),
          }
        : null,
      inventoryCard: { _id: g.cardId, description: g.cardDescription, inhouse_position: g.inhousePosition },
      stockMovement: { _id: g.movementId, quantity: g.quantity, quantity_damaged: g.quantityDamaged },
      createdAt: g.createdAt.toISOString(),
    })),
  }
}
