import { type ApiError, type ErrorCode, errorStatus } from '@expedo/domain'

/**
 * An error meant for the caller: a stable code, an English message and optional per-field details.
 * Anything else that escapes a handler is answered as a generic 500 and logged.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: Record<string, string> | undefined
  /** Sent as Retry-After (seconds) with a 429 or 503: when the caller may try again. */
  readonly retryAfterSeconds: number | undefined
  /** The record a conflict is with, for the screen to name and link. */
  readonly existing: ApiError['existing']
  /** The limit a 413 passed, for the web to name. */
  readonly limit: ApiError['limit']

  constructor(
    code: ErrorCode,
    message: string,
    details?: Record<string, string>,
    options: { retryAfterSeconds?: number; existing?: ApiError['existing']; limit?: ApiError['limit'] } = {},
  ) {
    super(message)
    this.code = code
    this.details = details
    this.retryAfterSeconds = options.retryAfterSeconds
    this.existing = options.existing
    this.limit = options.limit
  }

  get statusCode(): number {
    return errorStatus[this.code]
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`)
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message)
export const invalid = (field: string, reason: string) =>
  new AppError('VALIDATION_FAILED', `${field} ${reason}`, { [field]: reason })
