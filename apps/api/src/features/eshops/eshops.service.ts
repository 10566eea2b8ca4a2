import type { EshopSummary } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createEshopsRepository } from './eshops.repository.ts'

/** The e-shop connections as pickers need them; the e-shop issue grows this area. */
export function createEshopsService(deps: { db: Db }) {
  const repo = createEshopsRepository(deps.db)
  return {
    async list(auth: AuthContext, businessclientId: string | undefined): Promise<EshopSummary[]> {
      const rows = await repo.list(auth.scope, businessclientId)
      return rows.map((r) => ({
        _id: r.id,
        eshopUrl: r.eshopUrl,
        isActive: r.isActive,
        businessclient: r.businessclientId,
      }))
    },
  }
}
export type EshopsService = ReturnType<typeof createEshopsService>
