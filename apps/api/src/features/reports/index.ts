export { reportsRoutes } from './reports.routes.ts'
export { createReportsService, type ReportsService } from './reports.service.ts'
