export { isParcelOfOrder, parcelForOrder } from './parcel-for-order.ts'
export { parcelsRoutes } from './parcels.routes.ts'
export { createParcelsService, type ParcelsService } from './parcels.service.ts'
