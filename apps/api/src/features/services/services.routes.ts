import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { ServicesService } from './services.service.ts'

export function servicesRoutes(app: FastifyInstance, service: ServicesService): void {
  const e = endpoints.services
  registerEndpoint(app, e.billable, ({ auth, body }) => service.billable(auth, body))
  registerEndpoint(app, e.running, ({ auth, query }) => service.running(auth, query))
  registerEndpoint(app, e.ofOrder, ({ auth, params }) => service.ofOrder(auth, params.id))
  registerEndpoint(app, e.rateCards, ({ query }) => service.rateCards(query))
  registerEndpoint(app, e.createRateCard, ({ body }) => service.createRateCard(body))
  registerEndpoint(app, e.updateRateCard, ({ params, body }) => service.updateRateCard(params.id, body))
  registerEndpoint(app, e.deleteRateCard, ({ params }) => service.deleteRateCard(params.id))
}
