import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { AuthService } from './auth.service.ts'

export function authRoutes(app: FastifyInstance, auth: AuthService, rateLimit: number): void {
  registerEndpoint(app, endpoints.auth.signup, ({ body }) => auth.signup(body), { rateLimit })
  registerEndpoint(app, endpoints.auth.signin, ({ body }) => auth.signin(body), { rateLimit })
  registerEndpoint(
    app,
    endpoints.auth.signinAs,
    ({ auth: admin, body, request }) => auth.signinAs(admin, body, request.ip),
    { rateLimit },
  )
}
