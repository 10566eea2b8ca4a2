import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { EshopsService } from './eshops.service.ts'

export function eshopsRoutes(app: FastifyInstance, service: EshopsService, authRateLimit: number): void {
  const e = endpoints.eshops
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query.businessclient))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.auth, ({ auth, params }) => service.auth(auth, params.id))
  registerEndpoint(app, e.statuses, ({ auth, params }) => service.statuses(auth, params.id))

  const s = endpoints.shoptet
  registerEndpoint(app, s.install, async ({ query }) => {
    await service.install(query.code)
    return { ok: true as const }
  })
  // A key is a password-equivalent: guessing is limited like sign-in.
  registerEndpoint(app, s.activate, ({ body }) => service.activate(body), { rateLimit: authRateLimit })
  registerEndpoint(app, s.listWebhooks, ({ auth, query }) => service.webhooks.list(auth, query), {
    rateLimit: authRateLimit,
  })
  registerEndpoint(
    app,
    s.createWebhooks,
    ({ auth, query, body }) =>
      service.webhooks.create(auth, query, Array.isArray(body.data) ? body.data : [body.data]),
    { rateLimit: authRateLimit },
  )
  registerEndpoint(
    app,
    s.deleteWebhook,
    ({ auth, query, params }) => service.webhooks.remove(auth, query, params.id),
    {
      rateLimit: authRateLimit,
    },
  )
  registerEndpoint(app, s.importProducts, ({ auth, query }) =>
    service.startProductImport(auth, 'import', query),
  )
  registerEndpoint(app, s.updateProducts, ({ auth, body }) =>
    service.startProductImport(auth, 'update', body),
  )
  registerEndpoint(app, s.productImport, ({ auth, params }) => service.productImport(auth, params.id))
}
