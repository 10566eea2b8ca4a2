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

/** SQLSTATEs of a database that cannot serve a call just now, though a retry shortly after may succeed. */
const MOMENTARY_SQLSTATES: Record<string, string> = {
  '53300': 'too many connections',
  '57P01': 'the server is shutting down',
  '57P02': 'the server is restarting',
  '57P03': 'the server is not accepting connections yet',
  '55P03': 'a lock was not available in time',
  '40001': 'a serialization failure',
  '40P01': 'a deadlock',
}

/** pg's own errors of a connection that could not be had or was lost; they carry no SQLSTATE. */
const LOST_CONNECTION_MESSAGES: Record<string, string> = {
  // pg-pool: no connection freed within connectionTimeoutMillis (the pool's bounded wait).
  'timeout exceeded when trying to connect': 'no free connection within the pool wait',
  // pg-pool: a new connection's handshake did not finish within connectionTimeoutMillis.
  'Connection terminated due to connection timeout': 'a new connection did not open within the pool wait',
  'Connection terminated unexpectedly': 'the connection was lost',
  'Client has encountered a connection error and is not queryable': 'the connection was lost',
}

/** Node's codes for a socket that could not reach the database or was cut off (refused, reset...). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

const connectFailures = new WeakSet<object>()

/** Marks an error as raised while a pool opened or handed out a connection (database.ts's pool). */
export function markConnectFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null) connectFailures.add(error)
}

/** The error and its causes (Drizzle's DrizzleQueryError → pg-pool's error → the socket's), outermost first. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  for (let e = error; e !== null && e !== undefined && chain.length < 5; e = (e as { cause?: unknown }).cause)
    chain.push(e)
  return chain
}

/**
 * Why the database (or the connection pool) could not serve the call just now — saturated, briefly
 * unreachable, a lock timeout, a deadlock — for the log (no SQL, values or addresses), or undefined: the
 * API answers such a failure 503 with Retry-After rather than 500. Looks through Drizzle's and pg-pool's
 * wrappers. A connection that fails to open counts, whatever the reason, but a SQLSTATE the server gave
 * for it (a wrong password or database stays a 500: a configuration error, not a moment); so does any of
 * pg's lost-connection errors. (A statement cancelled past its statement_timeout, 57014, is the
 * statement budget's to answer.)
 */
export function databaseUnavailability(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    if (!(e instanceof Error)) continue
    const lost = LOST_CONNECTION_MESSAGES[e.message]
    if (lost) return lost
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      const momentary = MOMENTARY_SQLSTATES[code]
      if (momentary) return momentary
      if (code.startsWith('08')) return 'a connection error'
      return undefined
    }
    if (typeof code === 'string' && NETWORK_CODES.has(code) && connectFailures.has(e))
      return `the database could not be reached (${code})`
    if (connectFailures.has(e)) return 'a connection could not be opened'
  }
  return undefined
}

/** pg's errors of a database that is there but did not answer in time (a query's or a connection's timeout). */
const TIMEOUT_MESSAGES = new Set([
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
])

/**
 * Whether `error` says the database is alive but saturated: it refused a connection for having too many
 * (53300), or a query or a new connection timed out. Not when it refused the connection outright, hung up,
 * is starting or stopping, or the credentials are wrong: then it is down for its caller.
 */
export function databaseBusy(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      e instanceof Error && (TIMEOUT_MESSAGES.has(e.message) || (e as { code?: unknown }).code === '53300'),
  )
}
