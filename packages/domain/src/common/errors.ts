import { z } from 'zod'

/**
 * Stable machine codes of every error the API answers, each with its HTTP status.
 * The record type keeps the table complete: a new code without a status does not compile.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  WEAK_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  DUPLICATE_SKU: 409,
  INVALID_TRANSITION: 409,
  DUPLICATE_ORDER_NUMBER: 409,
  DOCUMENT_ISSUED: 409,
  /** A document lacks what its issuer country's law requires (FINANCE.md): issuing refused, details name each part. */
  LEGAL_CONTENT_MISSING: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  CONFLICT: 409,
  /** The Shoptet add-on's activation link is unknown, used or expired: 'Activation link expired. Reinstall ADDON.' */
  ACTIVATION_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  OVERLOADED: 503,
  TIMEOUT: 503,
  /** A statement ran past the request's statement timeout (a search or filter too broad): narrow it. */
  QUERY_TOO_BROAD: 503,
} as const satisfies Record<string, number>

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]
export type ErrorCode = keyof typeof errorStatus
export const ErrorCodeSchema = z.enum(errorCodes)

/** The one error shape of the API: Fastify's, plus a stable code and per-field details. */
export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    code: ErrorCodeSchema,
    error: z.string().describe('HTTP reason phrase'),
    message: z.string().describe('Human-readable English; the web shows a translation chosen by code'),
    details: z
      .record(z.string(), z.string())
      .optional()
      .describe('field path → reason, for VALIDATION_FAILED'),
    existing: z
      .object({ _id: z.string(), name: z.string() })
      .optional()
      .describe('The record a 409 conflicts with, e.g. the order that already holds the order number'),
    limit: z
      .object({ name: z.string(), max: z.number() })
      .optional()
      .describe('The limit a 413 passed (e.g. rows, 200000), for the web to name it in the user’s language'),
    requestId: z.string().optional(),
  })
  .meta({ id: 'ApiError' })
export type ApiError = z.infer<typeof ApiErrorSchema>
