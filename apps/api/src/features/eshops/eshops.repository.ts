import { and, asc, eq } from 'drizzle-orm'
import { eshops } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export function createEshopsRepository(db: DbOrTx) {
  return {
    list(scope: TenantScope, businessclientId: string | undefined) {
      return db
        .select()
        .from(eshops)
        .where(
          and(
            tenantCondition(scope, eshops.businessclientId),
            businessclientId ? eq(eshops.businessclientId, businessclientId) : undefined,
          ),
        )
        .orderBy(asc(eshops.eshopUrl), asc(eshops.id))
        .limit(1000)
    },
  }
}
