import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { UsersService } from './users.service.ts'

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  registerEndpoint(app, endpoints.users.list, ({ auth }) => users.list(auth))
  registerEndpoint(app, endpoints.users.updateSettings, ({ auth, body }) =>
    users.updateSysLang(auth, body['settings.sys_lang']),
  )
}
