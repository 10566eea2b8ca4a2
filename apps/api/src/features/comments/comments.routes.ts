import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { CommentsService } from './comments.service.ts'

export function commentsRoutes(app: FastifyInstance, service: CommentsService): void {
  const e = endpoints.comments
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.create, ({ auth, query, body }) => service.create(auth, query, body))
}
