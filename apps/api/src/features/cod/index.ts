export { codRoutes } from './cod.routes.ts'
export { type CodService, createCodService } from './cod.service.ts'
