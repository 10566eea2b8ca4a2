export { mergeOrderDayCounts } from './order-day-counts.repository.ts'
export { awbUrl } from './orders.mapper.ts'
export { type OrderRow, orderShoptetInvoicing, shopInvoicing, type Who } from './orders.repository.ts'
export { ordersRoutes } from './orders.routes.ts'
export { createOrdersService, type OrdersService } from './orders.service.ts'
export { ordersExportRoutes } from './orders-export.routes.ts'
export { applyStatus, applyStatusToMany } from './use-cases/change-status.ts'
export {
  type CancelResult,
  cancelImportedOrder,
  type ImportedOrder,
  type ImportedOrderItem,
  type ImportResult,
  importOrder,
} from './use-cases/import-order.ts'
export { logToOrders } from './use-cases/log-to-orders.ts'
export { retryAllocation } from './use-cases/retry-allocation.ts'
export { releaseShortPicked } from './use-cases/short-pick.ts'
