import type { FastifyRequest } from 'fastify'
import { stdSerializers } from 'pino'
import { pgErrorCode } from '../db/errors.ts'

// SPA routes that carry a password in the path (spec part 1 §2): never logged as typed.
const secretPaths = [/^(\/internal\/loginas\/[^/]+\/).+/, /^(\/demoacount\/login\/[^/]+\/)[^/]+/]
const secretParams = /([?&](?:token|password|activationkey|access_token)=)[^&]*/gi

/** The request URL as it may appear in logs: passwords and tokens replaced. */
export function redactUrl(url: string): string {
  let safe = url.replace(secretParams, '$1[hidden]')
  for (const pattern of secretPaths) safe = safe.replace(pattern, '$1[hidden]')
  return safe
}

/** Pino serializer for requests: method, redacted URL, client address, request id. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, id: request.id }
}

interface DatabaseErrorFields {
  code?: string
  constraint?: string
  table?: string
  column?: string
  routine?: string
}

// Where each verb names its table: update "t", insert into "t", delete from "t", select … from "t".
const tableAfter: Record<string, RegExp> = {
  update: /^\s*update\s+"?([a-z_][a-z0-9_]*)/i,
  insert: /\binto\s+"?([a-z_][a-z0-9_]*)/i,
  delete: /\bfrom\s+"?([a-z_][a-z0-9_]*)/i,
  select: /\bfrom\s+"?([a-z_][a-z0-9_]*)/i,
}

/** "insert orders": what a log line may say about a statement, instead of its text and parameters. */
export function queryName(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined
  const verb = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase()
  if (!verb) return undefined
  const table = tableAfter[verb]?.exec(text)?.[1]
  return table ? `${verb} ${table}` : verb
}

/** Drizzle's wrapper of a failed statement: its message and fields carry the SQL and the parameters. */
const isQueryError = (err: unknown): err is { query: string; params: unknown[]; cause?: unknown } =>
  typeof (err as { query?: unknown } | null)?.query === 'string' &&
  Array.isArray((err as { params?: unknown } | null)?.params)

/**
 * Pino serializer for errors. A database error is logged as its SQLSTATE, constraint, table, column,
 * routine and the statement's name, never its message, detail or parameters: those carry the values
 * (customer names, addresses, "Key (username)=(…)"). A statement that failed without reaching the
 * database (a connection timeout) keeps the cause's own message, which carries none. Any other error as
 * pino logs it, with a database error among its causes reduced the same way.
 */
export function serializeError(err: unknown): unknown {
  const code = pgErrorCode(err)
  if (code || isQueryError(err)) {
    const outer = err as { cause?: unknown; query?: unknown }
    const fields = (
      typeof (outer as DatabaseErrorFields).code === 'string' ? outer : (outer.cause ?? {})
    ) as DatabaseErrorFields
    const cause = outer.cause as Error | undefined
    const query = queryName(outer.query)
    return {
      type: 'DatabaseError',
      ...(code ? { code } : {}),
      ...(fields.constraint ? { constraint: fields.constraint } : {}),
      ...(fields.table ? { table: fields.table } : {}),
      ...(fields.column ? { column: fields.column } : {}),
      ...(fields.routine ? { routine: fields.routine } : {}),
      ...(query ? { query } : {}),
      ...(!code && cause instanceof Error ? { cause: { type: cause.name, message: cause.message } } : {}),
    }
  }
  const cause = (err as { cause?: unknown } | null)?.cause
  if (cause && (pgErrorCode(cause) || isQueryError(cause))) {
    const { message, stack, name } = err as Error
    return { type: name, message, stack, cause: serializeError(cause) }
  }
  return stdSerializers.err(err as Error)
}
