import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { LocationsService } from './locations.service.ts'

export function locationsRoutes(app: FastifyInstance, service: LocationsService): void {
  const e = endpoints.locations
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.bulk, ({ body }) => service.bulk(body))
  registerEndpoint(app, e.labels, async ({ query, reply }) => {
    const { pdf, filename } = await service.labels(query)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(pdf)
  })
  registerEndpoint(app, e.scan, ({ auth, query }) => service.scan(auth, query.warehouse, query.code))
  registerEndpoint(app, e.suggestPutaway, ({ query }) => service.suggestPutaway(query))
  registerEndpoint(app, e.putaway, ({ auth, body }) => service.putaway(auth, body))
  registerEndpoint(app, e.move, ({ auth, body }) => service.move(auth, body))
  registerEndpoint(app, e.contents, ({ auth, params }) => service.contents(auth, params.id))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
}
