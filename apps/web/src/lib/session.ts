import type { Role, SessionUser, SysLang, TokenClaims } from '@expedo/domain'
import { roles } from '@expedo/domain/auth/permissions'
import { isSysLang } from '@expedo/domain/common/sys-langs'
import { useSyncExternalStore } from 'react'

const TOKEN_KEY = 'token'

/** The signed-in user as the web knows it: the token's claims (spec: the token is decoded on startup). */
export interface CurrentUser {
  _id: string
  username: string
  roles: Role[]
  businessclient: string | null
  sys_lang: SysLang
}

export interface Session {
  isAuthenticated: boolean
  token: string | null
  currentUser: CurrentUser | null
}

const signedOut: Session = { isAuthenticated: false, token: null, currentUser: null }

/** The claims of a token this app stored (checked by hand: the first screen does not load zod). */
function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false
  const claims = value as Record<keyof TokenClaims, unknown>
  return (
    typeof claims.sub === 'string' &&
    typeof claims.username === 'string' &&
    Array.isArray(claims.roles) &&
    claims.roles.every((role) => roles.includes(role)) &&
    (claims.businessclient === null || typeof claims.businessclient === 'string') &&
    isSysLang(claims.sys_lang) &&
    typeof claims.exp === 'number'
  )
}

function decode(token: string): CurrentUser | null {
  try {
    const payload = token.split('.')[1]
    if (!payload) return null
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    )
    if (!isTokenClaims(claims) || claims.exp * 1000 <= Date.now()) return null
    const { sub, username, roles: userRoles, businessclient, sys_lang } = claims
    return { _id: sub, username, roles: userRoles, businessclient, sys_lang }
  } catch {
    return null
  }
}

function restore(): Session {
  const token = localStorage.getItem(TOKEN_KEY)
  const currentUser = token ? decode(token) : null
  if (!token || !currentUser) {
    localStorage.removeItem(TOKEN_KEY)
    return signedOut
  }
  return { isAuthenticated: true, token, currentUser }
}

let session: Session = restore()
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export const sessionStore = {
  get: (): Session => session,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Stores a new token (sign-in, language change, business client created) and the user it carries. */
  signIn(user: Pick<SessionUser, 'token'>) {
    const currentUser = decode(user.token)
    if (!currentUser) return
    localStorage.setItem(TOKEN_KEY, user.token)
    session = { isAuthenticated: true, token: user.token, currentUser }
    emit()
  },
  /** Logout: clears all local state. */
  signOut() {
    localStorage.clear()
    session = signedOut
    emit()
  },
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return
    session = restore()
    emit()
  })
}

export const useSession = (): Session => useSyncExternalStore(sessionStore.subscribe, sessionStore.get)
