export { ordersRoutes } from './orders.routes.ts'
export { createOrdersService, type OrdersService } from './orders.service.ts'
