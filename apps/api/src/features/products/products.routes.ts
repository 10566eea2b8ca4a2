import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { ProductsService } from './products.service.ts'

export function productsRoutes(app: FastifyInstance, service: ProductsService): void {
  const e = endpoints.products
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.pairToOrders, ({ auth, params }) => service.pairToOrders(auth, params.id))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.bulkUpdate, ({ auth, body }) => service.bulkUpdate(auth, body))
  registerEndpoint(app, e.addEshopId, ({ auth, params, body }) => service.addEshopId(auth, params.id, body))
  registerEndpoint(app, e.deleteEshopId, ({ auth, params }) =>
    service.deleteEshopId(auth, params.id, params.itemId),
  )
  // 10,000 rows of long names and codes do not fit the app's 2 MB default.
  registerEndpoint(app, e.importXls, ({ auth, body }) => service.importRows(auth, body), {
    bodyLimit: 16 * 1024 * 1024,
  })
}
