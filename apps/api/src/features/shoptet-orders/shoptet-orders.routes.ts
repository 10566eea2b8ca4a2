import { endpoints } from '@expedo/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../platform/http/app-error.ts'
import { safeFileName } from '../../platform/http/file-name.ts'
import { refuseForbiddenKeys } from '../../platform/http/json-body.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import { SHOPTET_SIGNATURE_HEADER } from '../../platform/providers/shoptet/index.ts'
import type { ShoptetOrdersService } from './shoptet-orders.service.ts'

const rawBodies = new WeakMap<FastifyRequest, Buffer>()

/**
 * The webhook intake, in a scope of its own: its JSON parser keeps the bytes received, since the signature
 * is over the raw body (never a re-serialised one, shoptet.md §3.4).
 */
export function shoptetOrdersRoutes(app: FastifyInstance, service: ShoptetOrdersService): void {
  registerEndpoint(app, endpoints.shoptetOrders.shoptetInvoicePdf, async ({ auth, params, reply }) => {
    const { code, pdf } = await service.shoptetInvoicePdf(auth.scope, params.id)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${safeFileName(code)}.pdf"`)
      .send(pdf)
  })
  app.register(async (scope) => {
    // The signature covers the raw bytes: this scope keeps them, and checks keys as the app's parser does.
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer
      rawBodies.set(request, raw)
      let parsed: unknown
      try {
        parsed = JSON.parse(raw.toString('utf8'))
      } catch {
        return done(new AppError('VALIDATION_FAILED', 'body is not JSON', { body: 'is not JSON' }), undefined)
      }
      try {
        refuseForbiddenKeys(parsed)
      } catch (error) {
        return done(error as AppError, undefined)
      }
      done(null, parsed)
    })
    registerEndpoint(scope, endpoints.shoptetOrders.webhook, ({ body, request }) => {
      const signature = request.headers[SHOPTET_SIGNATURE_HEADER]
      return service.receiveWebhook(
        body,
        rawBodies.get(request) ?? Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      )
    })
  })
}
