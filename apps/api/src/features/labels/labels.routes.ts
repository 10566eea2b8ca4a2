import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { LabelsService } from './labels.service.ts'

export function labelsRoutes(app: FastifyInstance, service: LabelsService): void {
  const e = endpoints.labels
  registerEndpoint(app, e.get, ({ auth, params }) => service.state(auth, params.id))
  registerEndpoint(app, e.request, ({ auth, params }) => service.request(auth, params.id))
  registerEndpoint(app, e.refreshTracking, ({ auth, params }) => service.refreshTracking(auth, params.id))
}
