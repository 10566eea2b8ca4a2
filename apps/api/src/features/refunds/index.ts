export { refundsRoutes } from './refunds.routes.ts'
export { createRefundsService, type RefundsService } from './refunds.service.ts'
