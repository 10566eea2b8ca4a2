import type { NoGoodsGroup } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createDashboardService } from './dashboard.service.ts'
import { createReportsRepository, type NoGoodsRow } from './reports.repository.ts'
import { createStockTurnoverService } from './stock-turnover.ts'

/** Rows sorted by client and country become one group per client and country, in that order. */
function toGroups(rows: NoGoodsRow[]): NoGoodsGroup[] {
  const groups: NoGoodsGroup[] = []
  let current: NoGoodsGroup | undefined
  for (const row of rows) {
    if (current?.businessclient._id !== row.businessclientId || current.country !== row.country) {
      current = {
        businessclient: { _id: row.businessclientId, name: row.businessclientName },
        country: row.country,
        products: [],
      }
      groups.push(current)
    }
    current.products.push({
      product: row.productId,
      sku: row.sku,
      name: row.name,
      quantity: row.quantity,
      available: row.available,
      orders: row.orders,
    })
  }
  return groups
}

export function createReportsService(deps: { db: Db; dashboardCacheSeconds?: number }) {
  const repo = createReportsRepository(deps.db)
  return {
    turnover: createStockTurnoverService(deps),
    dashboard: createDashboardService(deps),
    /** Spec §3 No-goods group: a client sees its own orders, staff every client's. */
    async noGoods(auth: AuthContext, query: { country?: string | undefined; shipFrom?: string | undefined }) {
      if (query.shipFrom && !(await repo.warehouseExists(query.shipFrom))) {
        throw invalid('query.shipFrom', 'must be a warehouse')
      }
      const rows = await repo.noGoods(auth.scope, {
        country: query.country || undefined,
        shipFromId: query.shipFrom,
      })
      return toGroups(rows)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
