export { missingSenderFields, toWarehouseAddress, warehouseSender } from './warehouse-address.ts'
export { createWarehousesRepository, type WarehouseRow } from './warehouses.repository.ts'
export { warehousesRoutes } from './warehouses.routes.ts'
export { createWarehousesService, type WarehousesService } from './warehouses.service.ts'
