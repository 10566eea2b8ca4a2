import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { ReportsService } from './reports.service.ts'

export function reportsRoutes(app: FastifyInstance, service: ReportsService): void {
  const e = endpoints.reports
  registerEndpoint(app, e.noGoods, ({ auth, query }) => service.noGoods(auth, query))
}
