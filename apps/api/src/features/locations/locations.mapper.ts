import type { Location, LocationContentLine } from '@expedo/domain'
import type { LocationRow, LocationsRepository } from './locations.repository.ts'

export function toLocation(row: LocationRow, quantity: number): Location {
  return {
    _id: row.id,
    warehouse: row.warehouseId,
    code: row.code,
    zone: row.zone,
    aisle: row.aisle,
    rack: row.rack,
    level: row.level,
    position: row.position,
    pickOrder: row.pickOrder,
    kind: row.kind as Location['kind'],
    active: row.active,
    quantity: Number(quantity),
  }
}

type ContentRow = Awaited<ReturnType<LocationsRepository['contents']>>[number]

export function toContentLine(r: ContentRow): LocationContentLine {
  return {
    inventoryCard: r.cardId,
    sku: r.sku,
    product: r.productId
      ? { _id: r.productId, name: r.productName ?? '', barcode: r.productBarcode ?? '' }
      : null,
    businessclient: { _id: r.businessclientId, name: r.businessclientName },
    quantity: r.quantity,
  }
}
