export { inboundRoutes } from './inbound.routes.ts'
export { createInboundService, type InboundService, type StockArrived } from './inbound.service.ts'
