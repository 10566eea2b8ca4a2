import type { IncomingMessage } from 'node:http'
import { v7 as uuidv7 } from 'uuid'

/** What a caller's X-Request-Id may be to be kept: short and plain, safe in headers, bodies and logs. */
const plainId = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The request's id: the caller's X-Request-Id when it is short and plain (a proxy's or a client's
 * correlation id), otherwise a new one. Anything else (markup, 6,000 characters, line breaks) is never
 * echoed into a header, an answer or a log line.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && plainId.test(given) ? given : uuidv7()
}
