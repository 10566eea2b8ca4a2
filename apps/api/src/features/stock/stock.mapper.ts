import type { InventoryCard, StockMovement, StockRow } from '@expedo/domain'
import type { DatedRow, MovementRecord, StockRowRecord } from './stock-queries.repository.ts'

export function toStockRow(r: StockRowRecord): StockRow {
  return {
    _id: r.id,
    product_details: r.productId
      ? { _id: r.productId, name: r.productName!, codes: { sku: r.productSku!, barcode: r.productBarcode! } }
      : null,
    sku: r.sku,
    businessclient: { _id: r.businessclientId, name: r.businessclientName },
    warehouse: { _id: r.warehouseId, name: r.warehouseName },
    available: r.available,
    blocked: r.blocked,
    total: r.available + r.blocked,
  }
}

/** A stock row with its balances at a date instead of today's. */
export function toDatedStockRow(r: DatedRow<StockRowRecord>): StockRow {
  return { ...toStockRow(r), available: r.availableAt, blocked: r.totalAt - r.availableAt, total: r.totalAt }
}

export function toInventoryCard(r: StockRowRecord): InventoryCard {
  return {
    ...toStockRow(r),
    description: r.description,
    inhouse_position: r.inhousePosition,
    createdAt: r.createdAt.toISOString(),
  }
}

export function toMovement(m: MovementRecord): StockMovement {
  return {
    _id: m.id,
    description: m.description,
    triggredBy: m.triggredBy as StockMovement['triggredBy'],
    actionSource: m.actionSourceId ? { _id: m.actionSourceId, clientOrderNr: m.actionSourceRef } : null,
    inventoryCard: m.inventoryCardId,
    sku: m.sku,
    createdAt: m.createdAt.toISOString(),
    quantity: m.quantity,
    quantity_damaged: m.quantityDamaged,
    quantity_available: m.quantityAvailable,
    location: m.locationId ? { _id: m.locationId, code: m.locationCode ?? '' } : null,
    total_after: m.totalAfter,
    warehouse: m.warehouseName,
  }
}
