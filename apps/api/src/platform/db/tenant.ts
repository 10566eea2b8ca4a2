import { type Column, eq, type SQL, sql } from 'drizzle-orm'
import type { TenantScope } from '../http/auth-context.ts'

/**
 * The one tenant filter of every repository: `undefined` (no filter) for staff, `column = <own id>` for a
 * client, and a condition that matches nothing for a client that has no business client yet.
 */
export function tenantCondition(scope: TenantScope, businessclientColumn: Column): SQL | undefined {
  if (scope.kind === 'all') return undefined
  if (!scope.businessclientId) return sql`false`
  return eq(businessclientColumn, scope.businessclientId)
}
