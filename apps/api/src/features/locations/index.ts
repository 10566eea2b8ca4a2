export { locationsRoutes } from './locations.routes.ts'
export { createLocationsService, type LocationsService } from './locations.service.ts'
