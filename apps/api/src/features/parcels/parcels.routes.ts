import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { ParcelsService } from './parcels.service.ts'

/** Returned parcels `/parcels/inbound` and an order's parcel (issue 12). */
export function parcelsRoutes(app: FastifyInstance, service: ParcelsService): void {
  const e = endpoints.parcels
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.lookupOrder, ({ query }) => service.lookupOrder(query.term))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.process, ({ auth, params }) => service.process(auth, params.id))
  registerEndpoint(app, e.forOrder, ({ auth, params }) => service.forOrder(auth, params.id))
}
