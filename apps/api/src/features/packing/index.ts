export { packingRoutes } from './packing.routes.ts'
export { createPackingService, type PackingService } from './packing.service.ts'
