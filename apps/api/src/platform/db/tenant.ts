import { type Column, eq, type SQL, sql } from 'drizzle-orm'
import type { TenantScope } from '../http/auth-context.ts'
import type { StatementParams } from './prepared.ts'

/**
 * The one tenant filter of every repository: `undefined` (no filter) for staff, `column = <own id>` for a
 * client, and a condition that matches nothing for a client that has no business client yet. With `params`
 * (a statement built once per shape, runShaped) the id is a placeholder and tenantShape names the choice.
 */
export function tenantCondition(
  scope: TenantScope,
  businessclientColumn: Column,
  params?: StatementParams,
): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (!scope.businessclientId) return sql`false`
  return eq(
    businessclientColumn,
    params ? params.p('tenant', scope.businessclientId) : scope.businessclientId,
  )
}

/** Which of tenantCondition's three statements a scope makes: part of a shaped statement's key. */
export function tenantShape(scope: TenantScope): 'all' | 'own' | 'none' {
  if (scope.kind === 'all') return 'all'
  return scope.businessclientId ? 'own' : 'none'
}
