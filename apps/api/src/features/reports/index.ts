export { mergeDashboardRollups } from './dashboard-rollups.repository.ts'
export { reportsRoutes } from './reports.routes.ts'
export { createReportsService, type ReportsService } from './reports.service.ts'
