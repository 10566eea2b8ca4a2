import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { OrdersService } from './orders.service.ts'

export function ordersRoutes(app: FastifyInstance, service: OrdersService): void {
  const e = endpoints.orders
  registerEndpoint(app, e.list, ({ auth, body }) => service.list(auth, body))
  registerEndpoint(app, e.search, ({ auth, body }) => service.search(auth, body))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.duplicate, ({ auth, params }) => service.duplicate(auth, params.id))
  registerEndpoint(app, e.cancel, ({ auth, params }) => service.cancel(auth, params.id))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.bulkUpdate, ({ auth, body }) => service.bulkUpdate(auth, body))
  registerEndpoint(app, e.addItem, ({ auth, params, body }) => service.addItem(auth, params.id, body))
  registerEndpoint(app, e.deleteItem, ({ auth, params }) =>
    service.deleteItem(auth, params.id, params.itemId),
  )
  registerEndpoint(app, e.open, ({ auth, params }) => service.open(auth, params.id))
  registerEndpoint(app, e.assignees, () => service.assignees())
}
