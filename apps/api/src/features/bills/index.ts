export { billsRoutes } from './bills.routes.ts'
export { type BillsService, createBillsService } from './bills.service.ts'
export { MONTHLY_BILLS } from './use-cases/monthly-bills.ts'
