import type { FastifyRequest } from 'fastify'

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
