import {
  acceptsIdempotencyKey,
  can,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  IdempotencyHeadersSchema,
} from '@expedo/domain'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type StatementBudget, withStatementBudget } from '../db/statement-budget.ts'
import { type FileUrlSigner, withFileViewer } from '../security/file-urls.ts'
import { AppError } from './app-error.ts'
import type { AuthContext } from './auth-context.ts'
import { fingerprintOf, type Idempotency } from './idempotency.ts'

/** What a handler gets: validated input and, unless the endpoint is public, the signed-in user. */
export interface RouteContext<E extends EndpointDef> {
  params: EndpointParams<E>
  query: EndpointQuery<E>
  body: EndpointBody<E>
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext
  request: FastifyRequest
  reply: FastifyReply
  log: FastifyBaseLogger
}

export type Handler<E extends EndpointDef> = (ctx: RouteContext<E>) => Promise<EndpointResponse<E>>

export interface RegisteredRoute {
  method: string
  /** Full URL including the /api prefix, Fastify syntax. */
  url: string
  endpoint: EndpointDef
}

export interface RouteOptions {
  /** Per-route rate limit (requests per minute per IP), e.g. for sign-in. */
  rateLimit?: number
  /** Per-route body size limit in bytes, above the app's default (e.g. a spreadsheet import). */
  bodyLimit?: number
  /** false: never refused under load (load-shedding.ts), for the health check. */
  shedding?: false
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every endpoint registered through `registerEndpoint`: the tenant-isolation walk reads it. */
    registeredRoutes: RegisteredRoute[]
    /** Resolves the request's user from its bearer token; null when there is none or it is not valid. */
    authenticate(request: FastifyRequest): Promise<AuthContext | null>
    /** Keeps the answers of create calls and money actions for their Idempotency-Key. */
    idempotency: Idempotency
    /** statement_timeout (ms) of a request's statements: reads, and writes or file answers (0 = none). */
    statementTimeoutMs: { read: number; long: number }
    /** Signs the file URLs of answers for their viewer (platform/security/file-urls.ts). */
    fileUrls: FileUrlSigner
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

/**
 * Registers one endpoint of `packages/domain`: its zod schemas validate and document the call, its
 * `access` is checked before the handler runs (401 without a valid session, 403 without the permission).
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  const status = endpoint.status ?? 200
  const keyed = acceptsIdempotencyKey(endpoint)
  app.registeredRoutes.push({ method: endpoint.method, url: `${app.prefix}${endpoint.path}`, endpoint })
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      ...(options.rateLimit ? { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } } : {}),
      ...(options.shedding === false ? { shedding: false } : {}),
      ...(writes(endpoint) ? { deadline: false } : {}),
    },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(keyed ? { headers: IdempotencyHeadersSchema } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
    },
    // Authentication runs before validation: an anonymous caller learns nothing about the payload's shape.
    onRequest: async (request) => {
      request.auth = await app.authenticate(request)
      if (endpoint.access === 'public') return
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please Login !!!')
      if (endpoint.access !== 'authenticated' && !can(request.auth.roles, endpoint.access)) {
        throw new AppError('FORBIDDEN', 'You are not allowed to do this')
      }
    },
    handler: async (request, reply) => {
      reply.code(status)
      const auth = request.auth
      const answer = () =>
        withStatementBudget(budgetOf(app, endpoint, reply), () =>
          handler({
            params: request.params as EndpointParams<E>,
            query: request.query as EndpointQuery<E>,
            body: request.body as EndpointBody<E>,
            auth: request.auth as RouteContext<E>['auth'],
            request,
            reply,
            log: request.log,
          }),
        )
      // The photos an answer carries get URLs signed for this viewer: the handler checked role and tenant.
      const call = () => (auth ? withFileViewer(app.fileUrls, auth.scope, answer) : answer())
      const key = request.headers['idempotency-key']
      // Keys belong to a user; a multipart upload has no body to compare a retry with.
      if (!keyed || typeof key !== 'string' || !request.auth || request.isMultipart()) return call()
      const kept = await app.idempotency.run(
        { userId: request.auth.userId, key, fingerprint: fingerprintOf(request) },
        status,
        call,
      )
      if (kept.replayed) reply.code(kept.status).header('idempotent-replayed', 'true')
      return kept.body as EndpointResponse<E>
    },
  })
}

/**
 * A read that answers JSON (a GET, or a `.read` call such as the orders list's POST): a list, a search or a
 * detail, whose statements get seconds. Writes (an import, a COD transfer of 48,500 orders) and file answers
 * (an export) get the long budget.
 */
const readsJson = (endpoint: EndpointDef) =>
  !writes(endpoint) &&
  (endpoint.method === 'GET' || endpoint.access.endsWith('.read')) &&
  (endpoint.response instanceof z.ZodObject || endpoint.response instanceof z.ZodArray)

/**
 * A call that changes data: every PUT, PATCH and DELETE (the bulk order change `PUT /orders` has the spec's
 * `orders.read` permission: it was taken for a read, and at load 20 its 1,000 orders were answered 503 TIMEOUT
 * while they changed), a POST that is not a `.read` call, and a `.read` POST marked `changes`.
 */
function writes(endpoint: EndpointDef): boolean {
  if (endpoint.method === 'GET') return false
  if (endpoint.method !== 'POST') return true
  return endpoint.changes === true || !endpoint.access.endsWith('.read')
}

/**
 * What the request's statements may cost (statement-budget.ts): a read's get seconds, a write's or a
 * file's longer; all are cancelled when the caller goes away before its answer (the response closes
 * unfinished).
 */
function budgetOf(app: FastifyInstance, endpoint: EndpointDef, reply: FastifyReply): StatementBudget {
  const left = new AbortController()
  // 'finish': the answer was handed over whole ('close' alone: the caller left first). writableFinished
  // cannot tell: an injected response closes with it still false.
  let answered = false
  reply.raw.once('finish', () => {
    answered = true
  })
  reply.raw.once('close', () => {
    if (!answered) left.abort()
  })
  const timeoutMs = readsJson(endpoint) ? app.statementTimeoutMs.read : app.statementTimeoutMs.long
  return { timeoutMs, signal: left.signal }
}
