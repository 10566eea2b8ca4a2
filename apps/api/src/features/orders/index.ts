export { ordersRoutes } from './orders.routes.ts'
export { createOrdersService, type OrdersService } from './orders.service.ts'
export { ordersExportRoutes } from './orders-export.routes.ts'
export { retryAllocation } from './use-cases/retry-allocation.ts'
