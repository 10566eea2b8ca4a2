import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { WavesService } from './waves.service.ts'

export function wavesRoutes(app: FastifyInstance, service: WavesService): void {
  const e = endpoints.waves
  registerEndpoint(app, e.list, ({ query }) => service.list(query))
  registerEndpoint(app, e.preview, ({ body }) => service.preview(body))
  registerEndpoint(app, e.release, ({ auth, body }) => service.release(auth, body))
  registerEndpoint(app, e.discrepancies, ({ query }) => service.discrepancies(query))
  registerEndpoint(app, e.confirmDiscrepancy, ({ auth, params, body }) =>
    service.confirm(auth, params.id, body.reason),
  )
  registerEndpoint(app, e.dismissDiscrepancy, ({ auth, params }) => service.dismiss(auth, params.id))
  registerEndpoint(app, e.detail, ({ params }) => service.detail(params.id))
  registerEndpoint(app, e.pickList, async ({ auth, params, reply }) => {
    const { pdf, filename } = await service.pickList(auth, params.id)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .send(pdf)
  })
  registerEndpoint(app, e.next, ({ auth, params }) => service.next(auth, params.id))
  registerEndpoint(app, e.pick, ({ auth, params, body }) =>
    service.pick(auth, params.id, params.lineId, body),
  )
  registerEndpoint(app, e.short, ({ auth, params, body }) =>
    service.short(auth, params.id, params.lineId, body),
  )
  registerEndpoint(app, e.putBack, ({ auth, params, body }) =>
    service.putBack(auth, params.id, params.lineId, body.location),
  )
}
