import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import { sendXlsx } from '../../platform/providers/xlsx-export.ts'
import type { StockService } from './stock.service.ts'
import { stockExportColumns } from './stock-export.ts'

export function stockRoutes(app: FastifyInstance, service: StockService): void {
  const e = endpoints.stock
  registerEndpoint(app, e.warehouses, ({ query }) => service.warehouses(query.searchTerm, query.warehouse))
  registerEndpoint(app, e.companies, () => service.companies())
  registerEndpoint(app, e.stocks, ({ auth, body }) => service.list(auth, body))
  registerEndpoint(app, e.stocksAtDate, ({ auth, body }) => service.atDate(auth, body))
  registerEndpoint(app, e.exportStocks, async ({ auth, body, reply }) => {
    await sendXlsx(reply, {
      filename: body.atDate
        ? `stock-at-${body.atDate.toISOString().slice(0, 10)}.xlsx`
        : `stock-${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheet: 'Stock',
      columns: stockExportColumns,
      batches: service.exportRows(auth, body),
    })
    return reply
  })
  registerEndpoint(app, e.cards, ({ auth, params }) => service.cards(auth, params.warehouse_id, params.sku))
  registerEndpoint(app, e.movements, ({ auth, params }) =>
    service.movements(auth, params.warehouse_id, params.sku, params.skip, params.limit),
  )
  registerEndpoint(app, e.productMovements, ({ auth, params, body }) =>
    service.productMovements(auth, params.id, body),
  )
  registerEndpoint(app, e.adjust, ({ auth, params, body }) => service.adjust(auth, params.id, body))
  registerEndpoint(app, e.unpaired, ({ auth, query }) => service.unpaired(auth, query))
  registerEndpoint(app, e.pair, ({ auth, params, body }) => service.pair(auth, params.id, body.product))
}
