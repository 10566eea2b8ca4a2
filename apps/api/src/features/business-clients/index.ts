export { businessClientsRoutes } from './business-clients.routes.ts'
export { type BusinessClientsService, createBusinessClientsService } from './business-clients.service.ts'
