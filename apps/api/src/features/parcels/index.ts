export { parcelForOrder } from './parcels.repository.ts'
export { parcelsRoutes } from './parcels.routes.ts'
export { createParcelsService, type ParcelsService } from './parcels.service.ts'
