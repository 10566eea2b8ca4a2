import type { Role, SysLang } from '@expedo/domain'

/**
 * Which business clients a request may read or write: staff see all, a client user only its own
 * (or none, before it has created its business client).
 */
export type TenantScope = { kind: 'all' } | { kind: 'client'; businessclientId: string | null }

/** The signed-in user of a request, as loaded from the database (not only the token). */
export interface AuthContext {
  userId: string
  username: string
  roles: Role[]
  businessclientId: string | null
  sysLang: SysLang
  scope: TenantScope
}

export function scopeOf(roles: readonly Role[], businessclientId: string | null): TenantScope {
  const staff = roles.some((r) => r === 'admin' || r === 'operator' || r === 'finance')
  return staff ? { kind: 'all' } : { kind: 'client', businessclientId }
}

/** True when the scope may see rows of that business client. */
export function inScope(scope: TenantScope, businessclientId: string | null): boolean {
  return (
    scope.kind === 'all' || (scope.businessclientId !== null && scope.businessclientId === businessclientId)
  )
}
