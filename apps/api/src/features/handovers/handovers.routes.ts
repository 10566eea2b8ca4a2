import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { HandoversService } from './handovers.service.ts'

export function handoversRoutes(app: FastifyInstance, service: HandoversService): void {
  const e = endpoints.handovers
  registerEndpoint(app, e.ready, ({ query }) => service.ready(query.warehouse))
  registerEndpoint(app, e.list, ({ query }) => service.list(query))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.detail, ({ params }) => service.detail(params.id))
  registerEndpoint(app, e.manifest, async ({ params, reply }) => {
    const { pdf, filename } = await service.manifest(params.id)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(pdf)
  })
  registerEndpoint(app, e.scan, ({ auth, params, body }) => service.scan(auth, params.id, body.code))
  registerEndpoint(app, e.removeParcel, ({ params }) => service.removeParcel(params.id, params.orderId))
  registerEndpoint(app, e.pickup, ({ params, body }) => service.pickup(params.id, body))
  registerEndpoint(app, e.confirm, ({ auth, params, body }) => service.confirm(auth, params.id, body))
  registerEndpoint(app, e.cancel, ({ params }) => service.cancel(params.id))
}
