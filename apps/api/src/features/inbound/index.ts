export { inboundRoutes } from './inbound.routes.ts'
export { createInboundService, type InboundService } from './inbound.service.ts'
