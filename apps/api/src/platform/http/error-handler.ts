import { type ApiError, type ErrorCode, errorStatus } from '@expedo/domain'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import {
  databaseUnavailability,
  PG_CHECK_VIOLATION,
  PG_DOCUMENT_ISSUED,
  PG_FOREIGN_KEY_VIOLATION,
  PG_QUERY_CANCELED,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../db/errors.ts'
import { AppError } from './app-error.ts'

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function errorBody(
  code: ErrorCode,
  message: string,
  request: FastifyRequest,
  details?: Record<string, string>,
  existing?: ApiError['existing'],
  limit?: ApiError['limit'],
): ApiError {
  const statusCode = errorStatus[code]
  return {
    statusCode,
    code,
    error: reasons[statusCode] ?? 'Error',
    message,
    ...(details ? { details } : {}),
    ...(existing ? { existing } : {}),
    ...(limit ? { limit } : {}),
    requestId: request.id,
  }
}

interface ValidationIssue {
  instancePath: string
  message?: string
  keyword?: string
  params?: { keys?: string[] }
}

/** Zod issues → { 'address.city': 'is required' }; unknown fields are named one by one. */
function detailsOf(issues: ValidationIssue[], context: string | undefined): Record<string, string> {
  const details: Record<string, string> = {}
  const prefix = context && context !== 'body' ? `${context === 'querystring' ? 'query' : context}.` : ''
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys)
        details[`${prefix}${path ? `${path}.` : ''}${key}`] = 'is not a known field'
      continue
    }
    const key = `${prefix}${path}` || context || 'body'
    details[key] ??= issue.message ?? 'is not valid'
  }
  return details
}

function summary(details: Record<string, string>): string {
  const [first, ...rest] = Object.entries(details)
  if (!first) return 'Invalid request'
  return `${first[0]} ${first[1]}${rest.length ? ` (and ${rest.length} more)` : ''}`
}

/**
 * Seconds a refused caller is asked to wait: 1 to 3, at random, so that the callers refused together do
 * not all come back in the same instant (a herd that would be refused together again).
 */
export const retryAfterSeconds = () => 1 + Math.floor(Math.random() * 3)

/** The API is saturated (load shedding, the pool's bounded wait): 503 with Retry-After. */
export const overloaded = () =>
  new AppError('OVERLOADED', 'The server is busy; try again shortly', undefined, {
    retryAfterSeconds: retryAfterSeconds(),
  })

/**
 * A statement the database cancelled (SQLSTATE 57014): it ran past the request's statement timeout
 * (statement-budget.ts), or its caller went away (then nobody reads the answer). 503 with Retry-After.
 */
function queryCanceled(error: unknown): AppError | undefined {
  if (pgErrorCode(error) !== PG_QUERY_CANCELED) return undefined
  return new AppError('QUERY_TOO_BROAD', 'The search took too long; narrow it', undefined, {
    retryAfterSeconds: retryAfterSeconds(),
  })
}

/** One handler for every error: stable codes, no stack traces or SQL in answers, 5xx logged. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const answer = (appError: AppError) => {
        if (appError.retryAfterSeconds !== undefined)
          reply.header('retry-after', Math.ceil(appError.retryAfterSeconds))
        return reply
          .code(appError.statusCode)
          .send(
            errorBody(
              appError.code,
              appError.message,
              request,
              appError.details,
              appError.existing,
              appError.limit,
            ),
          )
      }
      if (error instanceof AppError) return answer(error)
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = detailsOf(error.validation as ValidationIssue[], error.validationContext)
        return reply.code(400).send(errorBody('VALIDATION_FAILED', summary(details), request, details))
      }
      if (error.statusCode === 429) {
        return reply
          .code(429)
          .send(errorBody('RATE_LIMITED', 'Too many attempts, try again in a minute', request))
      }
      const unavailable = databaseUnavailability(error)
      if (unavailable) {
        // The pool's bounded wait ran out, the database refused or dropped a connection, a lock timed out: a
        // moment of saturation, not a fault of the call; refuse it rather than fail it.
        request.log.warn({ reason: unavailable }, 'database unavailable for the moment')
        return answer(overloaded())
      }
      const canceled = queryCanceled(error)
      if (canceled) {
        request.log.warn('statement cancelled: past the statement timeout, or the caller left')
        return answer(canceled)
      }
      const sqlState = pgErrorCode(error)
      if (sqlState === PG_UNIQUE_VIOLATION) {
        return reply
          .code(409)
          .send(errorBody('CONFLICT', 'A record with the same values already exists', request))
      }
      if (sqlState === PG_DOCUMENT_ISSUED) {
        return reply
          .code(409)
          .send(errorBody('DOCUMENT_ISSUED', 'The document is issued and cannot change', request))
      }
      if (sqlState === PG_CHECK_VIOLATION || sqlState === PG_FOREIGN_KEY_VIOLATION) {
        request.log.warn({ err: error }, 'constraint refused a write')
        return reply
          .code(409)
          .send(errorBody('CONFLICT', 'The change conflicts with the current data', request))
      }
      if (error.statusCode === 413) {
        // Fastify's body limit (the app's, or the route's own), named as every other limit is.
        const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0
        const reason = `is larger than ${(limit / (1024 * 1024)).toLocaleString('en-US')} MB`
        return reply
          .code(413)
          .send(errorBody('PAYLOAD_TOO_LARGE', `body ${reason}`, request, { body: reason }))
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors: malformed JSON, wrong content type, empty body...
        return reply
          .code(400)
          .send(errorBody('VALIDATION_FAILED', error.message, request, { body: error.message }))
      }
      request.log.error({ err: error }, 'unhandled error')
      return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong on our side', request))
    },
  )
}

/**
 * Fastify's router refuses a URL it cannot decode (`%zz`, `%ED%A0%80`) or a path segment over its length
 * limit before any route or error handler runs, in a shape of its own. Given to Fastify as its
 * `frameworkErrors` option, this answers them as every other 400: a code and the part that is wrong.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const reason =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'has a path segment that is too long' : 'is not a valid URL'
  return reply.code(400).send(errorBody('VALIDATION_FAILED', `url ${reason}`, request, { url: reason }))
}
