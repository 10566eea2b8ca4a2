import { AsyncLocalStorage } from 'node:async_hooks'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TenantScope } from '../http/auth-context.ts'

/**
 * Signed URLs of stored files. `<img src>` cannot send a bearer token, so an answer that carries a photo
 * gives `/files/<key>?t=<tenant>&exp=<unix s>&sig=<HMAC>`: the key, the viewer's tenant ('all' for staff,
 * else its business client) and an expiry, signed with a key derived from the app's signing secret. Only
 * calls that already checked role and tenant for the record answer such a URL (route.ts runs every handler
 * with its viewer); GET /files refuses anything else as not found.
 */

/** URLs are valid to the next full hour plus a session's length (JWT_TTL_HOURS): the same within an hour,
 * so the browser's cache serves a photo again, and never dead before the session that got them. */
const HOUR_S = 3600

export interface FileUrlSigner {
  /** The URL of `key` for a viewer of `scope`, valid at least `validHours` from `now`. */
  sign(key: string, scope: TenantScope, now?: number): string
  /** The tenant a URL of `key` was signed for ('all' or a business client id) and its expiry, or null. */
  verify(
    key: string,
    query: Record<string, unknown>,
    now?: number,
  ): { tenant: string; expires: number } | null
}

export function createFileUrlSigner(secret: string | undefined, validHours: number): FileUrlSigner {
  // Its own key: a file signature is never a token signature, and the other way round.
  const key = createHmac('sha256', secret ?? randomBytes(48))
    .update('expedo:file-urls:v1')
    .digest()
  const mac = (fileKey: string, tenant: string, exp: number) =>
    createHmac('sha256', key).update(`${fileKey}\n${tenant}\n${exp}`).digest()
  return {
    sign(fileKey, scope, now = Date.now()) {
      const tenant = scope.kind === 'all' ? 'all' : (scope.businessclientId ?? 'none')
      const exp = (Math.floor(now / 1000 / HOUR_S) + 1 + validHours) * HOUR_S
      const sig = mac(fileKey, tenant, exp).toString('base64url')
      return `/files/${fileKey}?t=${encodeURIComponent(tenant)}&exp=${exp}&sig=${sig}`
    },
    verify(fileKey, query, now = Date.now()) {
      const { t: tenant, exp, sig } = query
      if (typeof tenant !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return null
      if (!/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now) return null
      const given = Buffer.from(sig, 'base64url')
      const expected = mac(fileKey, tenant, Number(exp))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      return { tenant, expires: Number(exp) }
    },
  }
}

const viewers = new AsyncLocalStorage<{ signer: FileUrlSigner; scope: TenantScope }>()

/** Runs a route handler with its signed-in viewer, so the file URLs its answer carries are signed for it. */
export function withFileViewer<T>(signer: FileUrlSigner, scope: TenantScope, call: () => T): T {
  return viewers.run({ signer, scope }, call)
}

/** The URL of a stored file for the current viewer; outside a signed-in call, the bare path (answers 404). */
export function fileUrl(fileKey: string): string {
  const viewer = viewers.getStore()
  return viewer ? viewer.signer.sign(fileKey, viewer.scope) : `/files/${fileKey}`
}
