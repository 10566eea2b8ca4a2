import {
  type StockTurnoverQuery,
  type StockTurnoverReport,
  type StockTurnoverRow,
  TURNOVER_PAGE_SIZE,
} from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import type { XlsxColumn } from '../../platform/providers/xlsx-export.ts'
import { createStockTurnoverRepository, type TurnoverRecord } from './stock-turnover.repository.ts'

/** Days the stock lasts at the window's pace: stock ÷ (turnover ÷ days), 1 decimal; null when nothing shipped. */
export function daysOfInventory(stock: number, turnover: number, days: number): number | null {
  if (turnover <= 0) return null
  return Math.round((stock * days * 10) / turnover) / 10
}

const toRow = (r: TurnoverRecord, days: number): StockTurnoverRow => ({
  _id: r.id,
  product: r.productId,
  product_sku: r.sku,
  product_name: r.name,
  warehouse: r.warehouseId,
  warehouse_name: r.warehouseName,
  stock: r.stock,
  turnover: r.turnover,
  days_of_inventory: daysOfInventory(r.stock, r.turnover, days),
})

/** The export's columns: the report's, with ∞ where nothing shipped. */
export const stockTurnoverColumns: XlsxColumn<StockTurnoverRow>[] = [
  { header: 'SKU', value: (r) => r.product_sku, width: 20 },
  { header: 'Product', value: (r) => r.product_name, width: 40 },
  { header: 'Warehouse', value: (r) => r.warehouse_name, width: 22 },
  { header: 'Stock', value: (r) => r.stock, width: 10 },
  { header: 'Turnover', value: (r) => r.turnover, width: 10 },
  { header: 'Days of inventory', value: (r) => r.days_of_inventory ?? '∞', width: 18 },
]

type Filter = Omit<StockTurnoverQuery, 'currentPage'>

export function createStockTurnoverService(deps: { db: Db }) {
  const repo = createStockTurnoverRepository(deps.db)
  const filterOf = async (q: Filter) => {
    if (q.warehouse && !(await repo.warehouseExists(q.warehouse))) {
      throw invalid('query.warehouse', 'must be a warehouse')
    }
    return { days: q.days, warehouseId: q.warehouse, businessclientId: q.businessclient }
  }
  return {
    /** Spec §3 Stock turnover row, 10 a page: a client sees its own cards, staff every client's. */
    async report(auth: AuthContext, q: StockTurnoverQuery): Promise<StockTurnoverReport> {
      const filter = await filterOf(q)
      const offset = (q.currentPage - 1) * TURNOVER_PAGE_SIZE
      const { rows, total } = await repo.page(auth.scope, filter, offset, TURNOVER_PAGE_SIZE)
      return { list: rows.map((r) => toRow(r, q.days)), total, days: q.days }
    },

    /** Every row for the export, in batches (the filter is checked before the file starts). */
    async exportRows(auth: AuthContext, q: Filter): Promise<AsyncGenerator<StockTurnoverRow[]>> {
      const filter = await filterOf(q)
      return (async function* () {
        for await (const batch of repo.batches(auth.scope, filter)) yield batch.map((r) => toRow(r, q.days))
      })()
    },
  }
}
export type StockTurnoverService = ReturnType<typeof createStockTurnoverService>
