import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { ProductGroupsService } from './product-groups.service.ts'

export function productGroupsRoutes(app: FastifyInstance, service: ProductGroupsService): void {
  const e = endpoints.productGroups
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.rename, ({ auth, params, body }) => service.rename(auth, params.id, body.name))
  registerEndpoint(app, e.delete, ({ auth, params }) => service.delete(auth, params.id))
  registerEndpoint(app, e.addProducts, ({ auth, params, body }) =>
    service.addProducts(auth, params.id, body.products),
  )
  registerEndpoint(app, e.removeProduct, ({ auth, params }) =>
    service.removeProduct(auth, params.id, params.productId),
  )
}
