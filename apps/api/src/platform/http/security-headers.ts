import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * helmet's security headers (CSP, HSTS, nosniff, frame options …) on every answer. helmet's middleware is
 * built once here: the Fastify plugin rebuilt it, parsing the CSP directives again, on every request.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options)
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
}
