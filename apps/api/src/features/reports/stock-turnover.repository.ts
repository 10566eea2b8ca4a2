import { type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export interface TurnoverFilter {
  days: number
  warehouseId?: string | undefined
  businessclientId?: string | undefined
}

export interface TurnoverRecord {
  id: string
  productId: string | null
  sku: string
  name: string
  warehouseId: string
  warehouseName: string
  stock: number
  turnover: number
}

/** Cards an export reads per statement (keyset paging: memory stays flat whatever the number of cards). */
const CARDS_PER_BATCH = 1000

function cardsWhere(scope: TenantScope, f: TurnoverFilter): SQL {
  const parts: SQL[] = [sql`true`]
  if (scope.kind === 'client') {
    parts.push(scope.businessclientId ? sql`c.businessclient_id = ${scope.businessclientId}` : sql`false`)
  }
  if (f.businessclientId) parts.push(sql`c.businessclient_id = ${f.businessclientId}`)
  if (f.warehouseId) parts.push(sql`c.warehouse_id = ${f.warehouseId}`)
  return sql.join(parts, sql` and `)
}

/**
 * The page's cards with their turnover: units that left by shipping (the ledger's 'Order' rows, negative) since
 * `days` days ago. Each card reads only its window's shipping rows through the partial index
 * stock_movements_shipped_idx, so the cost follows the page, not the ledger's size.
 */
function withTurnover(page: SQL, days: number): SQL {
  return sql`
    select c.id, c.product_id as "productId", c.sku, coalesce(p.name, nullif(c.description, ''), c.sku) as name,
           c.warehouse_id as "warehouseId", w.name as "warehouseName", c.total::int as stock,
           coalesce((select -sum(m.quantity) from stock_movements m
                     where m.inventory_card_id = c.id and m.triggred_by = 'Order' and m.quantity < 0
                       and m.created_at >= now() - make_interval(days => ${days}::int)), 0)::int as turnover
    from (${page}) c
    join warehouses w on w.id = c.warehouse_id
    left join products p on p.id = c.product_id
    order by c.sku, c.id`
}

export function createStockTurnoverRepository(db: DbOrTx) {
  return {
    async warehouseExists(id: string): Promise<boolean> {
      const r = await db.execute(sql`select 1 from warehouses where id = ${id}`)
      return r.rows.length > 0
    },

    /** One page of cards by SKU, and how many cards match. */
    async page(scope: TenantScope, f: TurnoverFilter, offset: number, limit: number) {
      const where = cardsWhere(scope, f)
      const [rows, count] = await readTogether(db, [
        () =>
          db.execute<TurnoverRecord & Record<string, unknown>>(
            withTurnover(
              sql`select * from inventory_cards c where ${where} order by c.sku, c.id limit ${limit} offset ${offset}`,
              f.days,
            ),
          ),
        () =>
          db.execute<{ total: number }>(
            sql`select count(*)::int as total from inventory_cards c where ${where}`,
          ),
      ])
      return { rows: rows.rows, total: count.rows[0]?.total ?? 0 }
    },

    /** Every matching card, in batches by (SKU, id), for the export. */
    async *batches(scope: TenantScope, f: TurnoverFilter): AsyncGenerator<TurnoverRecord[]> {
      let after: { sku: string; id: string } | null = null
      for (;;) {
        const cursor: SQL = after ? sql`and (c.sku, c.id) > (${after.sku}, ${after.id}::uuid)` : sql``
        const r = await db.execute<TurnoverRecord & Record<string, unknown>>(
          withTurnover(
            sql`select * from inventory_cards c where ${cardsWhere(scope, f)} ${cursor}
                order by c.sku, c.id limit ${CARDS_PER_BATCH}`,
            f.days,
          ),
        )
        if (!r.rows.length) return
        yield r.rows
        if (r.rows.length < CARDS_PER_BATCH) return
        const last = r.rows.at(-1)!
        after = { sku: last.sku, id: last.id }
      }
    },
  }
}
export type StockTurnoverRepository = ReturnType<typeof createStockTurnoverRepository>
