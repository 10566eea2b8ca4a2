export const PG_UNIQUE_VIOLATION = '23505'
export const PG_FOREIGN_KEY_VIOLATION = '23503'
export const PG_CHECK_VIOLATION = '23514'
/** A statement cancelled: past its statement_timeout, or by a cancel request (statement-budget.ts). */
export const PG_QUERY_CANCELED = '57014'
/** Raised by the guards of issued documents (migration 0017: a locked bill or its items changing). */
export const PG_DOCUMENT_ISSUED = 'P0409'

const SQLSTATE = /^[0-9A-Z]{5}$/

/**
 * The SQLSTATE of a database error, or undefined. Drizzle wraps the driver's error in a
 * DrizzleQueryError that keeps the code on its `cause`, so look there as well.
 */
export function pgErrorCode(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause]
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | null)?.code
    if (typeof code === 'string' && SQLSTATE.test(code)) return code
  }
  return undefined
}
