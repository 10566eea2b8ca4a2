import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { CouriersService } from './couriers.service.ts'
import type { QuotationsService } from './quotations.service.ts'

/** The couriers list, and the orders' office calls (they belong to the courier adapters, not to orders). */
export function couriersRoutes(
  app: FastifyInstance,
  service: CouriersService,
  quotations: QuotationsService,
): void {
  const c = endpoints.couriers
  registerEndpoint(app, c.list, ({ query }) => service.list(query))
  registerEndpoint(app, c.get, ({ params }) => service.get(params.id))
  registerEndpoint(app, c.setDefault, ({ params }) => service.setDefault(params.id))
  registerEndpoint(app, c.quotations, ({ params }) => quotations.list(params.id))
  registerEndpoint(app, c.createQuotation, ({ params, body }) => quotations.create(params.id, body))
  registerEndpoint(app, c.updateQuotation, ({ params, body }) =>
    quotations.update(params.id, params.qid, body),
  )
  registerEndpoint(app, c.deactivateQuotation, ({ params }) => quotations.deactivate(params.id, params.qid))
  registerEndpoint(app, endpoints.orders.getOffices, ({ body }) => service.getOffices(body))
  registerEndpoint(app, endpoints.orders.parcelshops, ({ auth, params, body }) =>
    service.parcelshops(auth, params.id, body),
  )
}
