export { type RecordedMovement, type RecordMovementInput, recordMovement } from './record-movement.ts'
export { type ShipBlockedInput, shipBlocked } from './ship-blocked.ts'
export { stockRoutes } from './stock.routes.ts'
export { createStockService, type StockAvailable, type StockService } from './stock.service.ts'
