import { z } from 'zod'
import type { Permission } from '../auth/roles.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call an endpoint: anyone (`public`), any signed-in user (`authenticated`),
 * or a user whose roles grant the permission.
 */
export type Access = 'public' | 'authenticated' | Permission

type Schema = z.ZodType

export interface EndpointDef {
  method: HttpMethod
  /** Path under the /api prefix, Fastify syntax (`/businessclients/:id`). Kept exactly as the spec names it. */
  path: string
  access: Access
  summary: string
  tags: string[]
  params?: Schema
  query?: Schema
  body?: Schema
  response: Schema
  /** Status of a successful answer (default 200). */
  status?: number
  /**
   * A money action that is not a create (issue, lock, pay, a status change): it accepts an Idempotency-Key
   * as create calls do, so a client that lost the answer can send it again without a second effect.
   */
  idempotent?: true
  /**
   * A POST that changes data though the spec gives it a read permission (adding a comment): answered by its
   * outcome, not by the request deadline, like every other write. PUT, PATCH and DELETE always change data.
   */
  changes?: true
}

/** Declares one HTTP call: the server registers and validates it, the web calls it and types the answer. */
export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint
}

type InferOr<S, D> = S extends z.ZodType ? z.infer<S> : D
type InputOr<S, D> = S extends z.ZodType ? z.input<S> : D

export type EndpointParams<E extends EndpointDef> = InferOr<E['params'], Record<string, never>>
export type EndpointQuery<E extends EndpointDef> = InferOr<E['query'], Record<string, never>>
export type EndpointBody<E extends EndpointDef> = InferOr<E['body'], undefined>
export type EndpointResponse<E extends EndpointDef> = z.infer<E['response']>

/** What a caller sends (before defaults and coercions are applied). */
export interface EndpointInput<E extends EndpointDef> {
  params: InputOr<E['params'], undefined>
  query: InputOr<E['query'], undefined>
  body: InputOr<E['body'], undefined>
}

/** `/businessclients/:id` + `{ id: 'x' }` → `/businessclients/x` (values URI-encoded). */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)\+?/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * The Idempotency-Key header every create call (POST answered 201) and money action accepts: a retry with
 * the same key gets the first call's answer instead of a second record or effect. Other headers pass
 * through untouched.
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7E]{1,255}$/, { message: 'must be 1 to 255 visible ASCII characters' })
    .optional()
    .describe(
      'A unique value per intended create or money action (e.g. a UUID); retries send the same one and get the first answer',
    ),
})

/** Whether an endpoint creates (POST answered 201). */
export const isCreateCall = (endpoint: EndpointDef) => endpoint.method === 'POST' && endpoint.status === 201

/** Whether an endpoint honours an Idempotency-Key: the create calls and the money actions. */
export const acceptsIdempotencyKey = (endpoint: EndpointDef) =>
  isCreateCall(endpoint) || endpoint.idempotent === true

/**
 * The most matches a search counts: past it a list answers `total` = this with `totalCapped` true ("more
 * than 10,000"), since counting every order a broad term matches took seconds of the database per call.
 */
export const COUNT_CAP = 10_000

/** The answer field that says a list's total is capped (COUNT_CAP): more rows match than it says. */
export const TotalCappedSchema = z
  .boolean()
  .optional()
  .describe(
    `true: more than ${COUNT_CAP.toLocaleString('en')} match; total (and totals) count the first ${COUNT_CAP.toLocaleString('en')} only`,
  )
