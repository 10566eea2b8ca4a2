export {
  recordGoodsReceived,
  recordOrderShipped,
  recordRefundHandling,
  recordStorageDay,
} from './record-services.ts'
export { UUIDV7_SQL } from './services.repository.ts'
export { servicesRoutes } from './services.routes.ts'
export { createServicesService, type ServicesService } from './services.service.ts'
