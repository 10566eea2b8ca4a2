export { couriersRoutes } from './couriers.routes.ts'
export { type CouriersService, createCouriersService } from './couriers.service.ts'
