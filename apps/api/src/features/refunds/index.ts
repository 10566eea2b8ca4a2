export { mergeRefundDayCounts } from './refunds.repository.ts'
export { refundsRoutes } from './refunds.routes.ts'
export { createRefundsService, type RefundsService } from './refunds.service.ts'
