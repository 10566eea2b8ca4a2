export { type RecordedMovement, type RecordMovementInput, recordMovement } from './record-movement.ts'
export { stockRoutes } from './stock.routes.ts'
export { createStockService, type StockService } from './stock.service.ts'
