import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { EshopsService } from './eshops.service.ts'

export function eshopsRoutes(app: FastifyInstance, service: EshopsService): void {
  registerEndpoint(app, endpoints.eshops.list, ({ auth, query }) => service.list(auth, query.businessclient))
}
