export { createLocationsRepository, type LocationRow } from './locations.repository.ts'
export { locationsRoutes } from './locations.routes.ts'
export { createLocationsService, type LocationsService } from './locations.service.ts'
export { scannedLocation } from './scanned-location.ts'
