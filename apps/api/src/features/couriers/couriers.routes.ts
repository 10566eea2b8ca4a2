import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { CouriersService } from './couriers.service.ts'

/** The couriers list, and the orders' office calls (they belong to the courier adapters, not to orders). */
export function couriersRoutes(app: FastifyInstance, service: CouriersService): void {
  registerEndpoint(app, endpoints.couriers.list, ({ query }) => service.list(query))
  registerEndpoint(app, endpoints.orders.getOffices, ({ body }) => service.getOffices(body))
  registerEndpoint(app, endpoints.orders.parcelshops, ({ auth, params, body }) =>
    service.parcelshops(auth, params.id, body),
  )
}
