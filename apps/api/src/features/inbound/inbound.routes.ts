import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import { sendXlsx } from '../../platform/providers/xlsx-export.ts'
import type { InboundService } from './inbound.service.ts'
import { inboundExportColumns } from './inbound-export.ts'

export function inboundRoutes(app: FastifyInstance, service: InboundService): void {
  const e = endpoints.inbound
  registerEndpoint(app, e.list, ({ auth, body }) => service.list(auth, body))
  registerEndpoint(app, e.export, async ({ auth, body, reply }) => {
    await sendXlsx(reply, {
      filename: `inbound-shipments-${new Date().toISOString().slice(0, 10)}.xlsx`,
      sheet: 'Inbound shipments',
      columns: inboundExportColumns,
      batches: service.exportRows(auth, body.filters),
    })
    return reply
  })
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.receive, ({ auth, params, body }) => service.receive(auth, params.id, body))
  registerEndpoint(app, e.addPhotos, ({ auth, params, body }) =>
    service.addPhotos(auth, params.id, body.photos),
  )
  registerEndpoint(app, e.process, ({ auth, params }) => service.process(auth, params.id))
}
