export {
  recordGoodsReceived,
  recordOrderShipped,
  recordRefundHandling,
  recordStorageDay,
} from './record-services.ts'
export { servicesRoutes } from './services.routes.ts'
export { createServicesService, type ServicesService } from './services.service.ts'
