import type { ApiError, EndpointDef, EndpointInput, EndpointResponse, ErrorCode } from '@expedo/domain'
// Deep import: this client is on the first screen, which must not load the schemas (zod) of the barrel.
import { buildPath } from '@expedo/domain/common/http'
import { useSyncExternalStore } from 'react'
import { sessionStore } from './session'

/** A failed call: the API's error shape (status, stable code, message, per-field details). */
export class ApiClientError extends Error {
  readonly status: number
  readonly code: ErrorCode | 'NETWORK'
  readonly details: Record<string, string>
  /** The record a 409 conflicts with (e.g. the order that holds the order number). */
  readonly existing: ApiError['existing']
  /** The limit a 413 passed (e.g. an upload's rows), for the message to name. */
  readonly limit: ApiError['limit']

  constructor(
    status: number,
    code: ErrorCode | 'NETWORK',
    message: string,
    details: Record<string, string> = {},
    existing?: ApiError['existing'],
    limit?: ApiError['limit'],
  ) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
    this.existing = existing
    this.limit = limit
  }
}

/**
 * A new Idempotency-Key for one intended create: a form keeps it until it succeeds, so a double click or a
 * retry after a lost answer gets the first answer instead of a second record. (getRandomValues, unlike
 * randomUUID, also works on a plain-HTTP address.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** How a call is sent, beside its input. */
export interface CallOptions {
  /** Sent as Idempotency-Key (create calls). */
  idempotencyKey?: string
  /** Sends an empty string as `?field=` (a one-field update that clears the field) instead of leaving it out. */
  keepEmptyQuery?: boolean
}

/** 'Reconnecting...' state: set when a call gets no response, cleared when the server answers again. */
let reconnecting = false
const connectionListeners = new Set<() => void>()
function setReconnecting(value: boolean) {
  if (reconnecting === value) return
  reconnecting = value
  for (const l of connectionListeners) l()
  if (value) void waitForServer()
}
async function waitForServer() {
  while (reconnecting) {
    await new Promise((r) => setTimeout(r, 3000))
    try {
      const res = await fetch('/api/health', { cache: 'no-store' })
      if (res.ok) setReconnecting(false)
    } catch {
      // still down
    }
  }
}
export const useReconnecting = () =>
  useSyncExternalStore(
    (l) => {
      connectionListeners.add(l)
      return () => connectionListeners.delete(l)
    },
    () => reconnecting,
  )

/** What happens when the server says the session is over; the app shell sets it (clear storage → /signin). */
let onSessionEnded: () => void = () => sessionStore.signOut()
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler
}

export function queryString(query: Record<string, unknown> | undefined, keepEmpty = false): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || (value === '' && !keepEmpty)) continue
    // Repeated keys for lists (spec: "repeated businessclient").
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

type Input<E extends EndpointDef> = {
  [K in keyof EndpointInput<E> as EndpointInput<E>[K] extends undefined ? never : K]: EndpointInput<E>[K]
}

/**
 * Calls one endpoint of packages/domain. The one place that applies the session rules:
 * 401/403 (or 'Please Login !!!') on an authenticated call ends the session; no response → 'Reconnecting...'.
 */
export async function call<E extends EndpointDef>(
  endpoint: E,
  ...[input, options]: keyof Input<E> extends never
    ? [input?: Input<E>, options?: CallOptions]
    : [input: Input<E>, options?: CallOptions]
): Promise<EndpointResponse<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>
    query?: Record<string, unknown>
    body?: unknown
  }
  const token = sessionStore.get().token
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  if (options?.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let res: Response
  try {
    res = await fetch(
      `/api${buildPath(endpoint.path, params)}${queryString(query, options?.keepEmptyQuery)}`,
      {
        method: endpoint.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    )
  } catch {
    setReconnecting(true)
    throw new ApiClientError(0, 'NETWORK', 'Network Error')
  }
  setReconnecting(false)
  const payload: unknown = res.status === 204 ? undefined : await res.json().catch(() => undefined)
  if (res.ok) return payload as EndpointResponse<E>
  const error = (payload ?? {}) as Partial<ApiError>
  const message = error.message ?? res.statusText
  const sessionOver =
    res.status === 401 ||
    res.status === 403 ||
    error.statusCode === 401 ||
    error.statusCode === 403 ||
    message === 'Please Login !!!'
  // A refused credentials check (login-as with a wrong password, a disabled target account) is an answer
  // to that call, not the end of the caller's session.
  const credentialsRefused = error.code === 'INVALID_CREDENTIALS' || error.code === 'ACCOUNT_DISABLED'
  if (token && sessionOver && !credentialsRefused) onSessionEnded()
  throw new ApiClientError(
    res.status,
    error.code ?? 'INTERNAL',
    message,
    error.details ?? {},
    error.existing,
    error.limit,
  )
}
