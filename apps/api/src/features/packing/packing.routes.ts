import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { PackingService } from './packing.service.ts'

export function packingRoutes(app: FastifyInstance, service: PackingService): void {
  const e = endpoints.packing
  registerEndpoint(app, e.open, ({ auth, body }) => service.open(auth, body.code))
  registerEndpoint(app, e.detail, ({ params }) => service.detail(params.id))
  registerEndpoint(app, e.scan, ({ auth, params, body }) => service.scan(auth, params.id, body.code))
  registerEndpoint(app, e.reset, ({ auth, params }) => service.reset(auth, params.id))
  registerEndpoint(app, e.leave, ({ auth, params }) => service.leave(auth, params.id))
  registerEndpoint(app, e.packed, ({ auth, params, body }) => service.packed(auth, params.id, body))
  registerEndpoint(app, e.slip, async ({ params, reply }) => {
    const { pdf, filename } = await service.slip(params.id)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(pdf)
  })
}
