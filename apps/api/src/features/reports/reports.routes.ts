import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import { nonEmpty, sendXlsx } from '../../platform/providers/xlsx-export.ts'
import type { ReportsService } from './reports.service.ts'
import { stockTurnoverColumns } from './stock-turnover.ts'

export function reportsRoutes(app: FastifyInstance, service: ReportsService): void {
  const e = endpoints.reports
  registerEndpoint(app, e.noGoods, ({ auth, query }) => service.noGoods(auth, query))
  registerEndpoint(app, e.dashboard, ({ auth, query }) => service.dashboard.dashboard(auth, query))
  registerEndpoint(app, e.stockTurnover, ({ auth, query }) => service.turnover.report(auth, query))
  registerEndpoint(app, e.exportStockTurnover, async ({ auth, query, reply }) => {
    const batches = await nonEmpty(await service.turnover.exportRows(auth, query))
    await sendXlsx(reply, {
      filename: `stock-turnover-${query.days}d-${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheet: 'Stock turnover',
      columns: stockTurnoverColumns,
      batches,
    })
    return reply
  })
}
