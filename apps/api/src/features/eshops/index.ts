export { eshopsRoutes } from './eshops.routes.ts'
export { createEshopsService, type EshopsService } from './eshops.service.ts'
