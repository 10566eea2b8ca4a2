import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import { sendXlsx } from '../../platform/providers/xlsx-export.ts'
import { createOrderExports } from './use-cases/export-orders.ts'

/** The three streamed order exports (spec §7 Exports; the paths keep their historical spelling). */
export function ordersExportRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const e = endpoints.orders
  const orderExports = createOrderExports(deps.db)
  registerEndpoint(app, e.exportPerProductLine, async ({ auth, body, reply }) =>
    sendXlsx(reply, await orderExports.perProductLine(auth, body)),
  )
  registerEndpoint(app, e.exportPerOrderLine, async ({ auth, body, reply }) =>
    sendXlsx(reply, await orderExports.perOrderLine(auth, body)),
  )
  registerEndpoint(app, e.exportCostPerOrder, async ({ auth, body, reply }) =>
    sendXlsx(reply, await orderExports.costPerOrder(auth, body)),
  )
}
