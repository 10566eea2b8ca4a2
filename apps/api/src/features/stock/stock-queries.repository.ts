import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, type SQL, sql, sum } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  businessClients,
  companies,
  inventoryCards,
  products,
  stockMovements,
  stockTotals,
  warehouseLocations,
  warehouses,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { cappedCountOf, cappedTotal } from '../../platform/db/paging.ts'
import { anyOf, pageClause, runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition, tenantShape } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export interface StockFilters {
  warehouse: string[]
  product: string[]
  sku: string
  businessclient: string[]
}
export interface Paging {
  itemsPerPage: number
  currentPage: number
}
export type Sort = { sortTotal?: 1 | -1 | undefined; sortName?: 1 | -1 | undefined }

/** The columns of a stock row (card, product, client, warehouse). */
const rowColumns = {
  id: inventoryCards.id,
  sku: inventoryCards.sku,
  available: inventoryCards.available,
  blocked: inventoryCards.blocked,
  description: inventoryCards.description,
  inhousePosition: inventoryCards.inhousePosition,
  createdAt: inventoryCards.createdAt,
  productId: products.id,
  productName: products.name,
  productSku: products.sku,
  productBarcode: products.barcode,
  businessclientId: businessClients.id,
  businessclientName: businessClients.name,
  warehouseId: warehouses.id,
  warehouseName: warehouses.name,
}

/** A row with its balances at a date (the at-date list and the dated export). */
export type DatedRow<R> = R & { availableAt: number; totalAt: number }

/** Per card, the balances stored on its latest movement at or before `atDate` (0 without one). */
function balancesAt(atDate: Date): Record<'availableAt' | 'totalAt', SQL<number>> {
  const latest = (column: 'quantity_available' | 'total_after') =>
    sql<number>`coalesce((select m.${sql.raw(column)} from ${stockMovements} m where m.inventory_card_id = ${inventoryCards.id} and m.created_at <= ${atDate.toISOString()} order by m.created_at desc, m.id desc limit 1), 0)`.mapWith(
      Number,
    )
  return { availableAt: latest('quantity_available'), totalAt: latest('total_after') }
}

/**
 * The cards a scope and filters select. With `params` (a statement built once per shape, runShaped) the
 * values are placeholders and each id list one array parameter; `cardsShape` names the choices.
 */
export function cardConditions(
  scope: TenantScope,
  f: Partial<StockFilters>,
  params?: StatementParams,
): SQL | undefined {
  const ids = (column: AnyPgColumn, name: string, values: string[]) =>
    params ? anyOf(column, params.p(name, values), 'uuid') : inArray(column, values)
  return and(
    tenantCondition(scope, inventoryCards.businessclientId, params),
    f.warehouse?.length ? ids(inventoryCards.warehouseId, 'warehouses', f.warehouse) : undefined,
    f.product?.length ? ids(inventoryCards.productId, 'products', f.product) : undefined,
    f.businessclient?.length ? ids(inventoryCards.businessclientId, 'clients', f.businessclient) : undefined,
    f.sku
      ? ilike(inventoryCards.sku, params ? params.p('sku', containsPattern(f.sku)) : containsPattern(f.sku))
      : undefined,
  )
}

/** Every choice cardConditions makes that changes a statement's text (not its values). */
const cardsShape = (scope: TenantScope, f: StockFilters) =>
  [
    tenantShape(scope),
    f.warehouse.length ? 'w' : '',
    f.product.length ? 'p' : '',
    f.businessclient.length ? 'b' : '',
    f.sku ? 's' : '',
  ].join('.')

const sortShape = (sort: Sort) =>
  sort.sortTotal ? `t${sort.sortTotal}` : sort.sortName ? `n${sort.sortName}` : 'id'

function orderOf(sort: Sort) {
  if (sort.sortTotal) {
    const dir = sort.sortTotal === 1 ? asc : desc
    return [dir(inventoryCards.total), dir(inventoryCards.id)]
  }
  if (sort.sortName) {
    const dir = sort.sortName === 1 ? asc : desc
    return [dir(sql`coalesce(${products.name}, ${inventoryCards.sku})`), dir(inventoryCards.id)]
  }
  // Newest card first (UUIDv7 ids are time-ordered): the primary key serves the default page.
  return [desc(inventoryCards.id)]
}

export function createStockQueriesRepository(db: DbOrTx) {
  /** Movements of the cards matching `where`, newest first, with their total. */
  async function movements(where: SQL | undefined, skip: number, limit: number) {
    const list = await db
      .select({
        id: stockMovements.id,
        inventoryCardId: stockMovements.inventoryCardId,
        quantity: stockMovements.quantity,
        quantityDamaged: stockMovements.quantityDamaged,
        quantityAvailable: stockMovements.quantityAvailable,
        totalAfter: stockMovements.totalAfter,
        triggredBy: stockMovements.triggredBy,
        actionSourceId: stockMovements.actionSourceId,
        actionSourceRef: stockMovements.actionSourceRef,
        description: stockMovements.description,
        createdAt: stockMovements.createdAt,
        sku: inventoryCards.sku,
        warehouseName: warehouses.name,
        locationId: stockMovements.locationId,
        locationCode: warehouseLocations.code,
      })
      .from(stockMovements)
      .innerJoin(inventoryCards, eq(inventoryCards.id, stockMovements.inventoryCardId))
      .innerJoin(warehouses, eq(warehouses.id, inventoryCards.warehouseId))
      .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockMovements.locationId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(limit)
      .offset(skip)
    // Counted up to the cap: a busy SKU's ledger grows without end.
    const [{ n }] = (await cappedCountOf(
      db,
      db
        .select({ one: sql`1` })
        .from(stockMovements)
        .innerJoin(inventoryCards, eq(inventoryCards.id, stockMovements.inventoryCardId))
        .where(where)
        .$dynamic(),
    )) as [{ n: number }]
    return { list, ...cappedTotal(n) }
  }

  /** Totals by scanning the matching cards (product or SKU filters). */
  const scannedTotals = (where: SQL | undefined) =>
    db
      .select({
        n: count(),
        available: sum(inventoryCards.available).mapWith(Number),
        blocked: sum(inventoryCards.blocked).mapWith(Number),
      })
      .from(inventoryCards)
      .where(where)

  /** Totals from stock_totals (kept by triggers) when only warehouse and client narrow the list. */
  const keptTotals = (scope: TenantScope, f: StockFilters, params: StatementParams) =>
    db
      .select({
        n: sql<number>`coalesce(sum(${stockTotals.cards}), 0)`.mapWith(Number),
        available: sum(stockTotals.available).mapWith(Number),
        blocked: sum(stockTotals.blocked).mapWith(Number),
      })
      .from(stockTotals)
      .where(
        and(
          tenantCondition(scope, stockTotals.businessclientId, params),
          f.warehouse.length
            ? anyOf(stockTotals.warehouseId, params.p('warehouses', f.warehouse), 'uuid')
            : undefined,
          f.businessclient.length
            ? anyOf(stockTotals.businessclientId, params.p('clients', f.businessclient), 'uuid')
            : undefined,
        ),
      )

  function rows(where: SQL | undefined, extra: Record<string, SQL> = {}) {
    return db
      .select({ ...rowColumns, ...extra })
      .from(inventoryCards)
      .innerJoin(businessClients, eq(businessClients.id, inventoryCards.businessclientId))
      .innerJoin(warehouses, eq(warehouses.id, inventoryCards.warehouseId))
      .leftJoin(products, eq(products.id, inventoryCards.productId))
      .where(where)
  }
  const page = <Q extends { limit(n: number): { offset(n: number): unknown } }>(q: Q, p: Paging) =>
    p.itemsPerPage === 0 ? q : q.limit(p.itemsPerPage).offset((p.currentPage - 1) * p.itemsPerPage)

  return {
    async warehouses(searchTerm?: string, id?: string) {
      return db
        .select({ id: warehouses.id, name: warehouses.name, country: warehouses.country })
        .from(warehouses)
        .where(
          and(
            searchTerm ? ilike(warehouses.name, containsPattern(searchTerm)) : undefined,
            id ? eq(warehouses.id, id) : undefined,
          ),
        )
        .orderBy(asc(warehouses.name))
    },

    async companies() {
      return db
        .select({ id: companies.id, name: companies.name, country: companies.country })
        .from(companies)
        .orderBy(asc(companies.name))
    },

    /**
     * A page of cards and the totals over every matching one, each a statement built once per shape
     * (runShaped): building the page's SQL took about a third of the list's time in the data-access layer.
     */
    async list(scope: TenantScope, filters: StockFilters, paging: Paging, sort: Sort) {
      const shape = cardsShape(scope, filters)
      const readPage = () => {
        const params = new StatementParams()
        const ordered = rows(cardConditions(scope, filters, params))
          .orderBy(...orderOf(sort))
          .$dynamic()
        // All rows (itemsPerPage 0) or a page; a SKU search or products are planned for their values on
        // each call, the rest keep one plan.
        const limits =
          paging.itemsPerPage === 0
            ? undefined
            : pageClause(
                params,
                { limit: paging.itemsPerPage, offset: (paging.currentPage - 1) * paging.itemsPerPage },
                { write: !filters.sku && !filters.product.length },
              )
        return runShaped(
          db,
          'stock_page',
          `${shape}.${sortShape(sort)}.${limits?.shape ?? 'all'}`,
          params,
          limits ? ordered.limit(limits.limit).offset(limits.offset) : ordered,
        )
      }
      const readTotals = () => {
        const params = new StatementParams()
        return filters.product.length || filters.sku
          ? runShaped(
              db,
              'stock_totals_scanned',
              shape,
              params,
              scannedTotals(cardConditions(scope, filters, params)),
            )
          : runShaped(db, 'stock_totals_kept', shape, params, keptTotals(scope, filters, params))
      }
      // The page and the sums over every matching card run side by side, on two connections.
      const [list, [totals]] = await readTogether(db, [readPage, readTotals])
      return { list, totals: totals! }
    },

    /**
     * Rows in batches for an export: keyset pagination on the id, so memory stays flat. With `atDate`, each
     * row also carries its balances at that instant (as `atDate` below).
     */
    async *cursor(
      scope: TenantScope,
      filters: StockFilters,
      options: { atDate?: Date; batch?: number } = {},
    ) {
      const batch = options.batch ?? 2000
      const dated = options.atDate ? balancesAt(options.atDate) : undefined
      let after: string | undefined
      for (;;) {
        const chunk = await rows(
          and(cardConditions(scope, filters), after ? sql`${inventoryCards.id} < ${after}` : undefined),
          dated,
        )
          .orderBy(desc(inventoryCards.id))
          .limit(batch)
        if (chunk.length) yield chunk as DatedRow<(typeof chunk)[number]>[]
        if (chunk.length < batch) return
        after = chunk.at(-1)!.id
      }
    },

    /** Balances at a date: per card, the balances stored on its latest movement at or before it. */
    async atDate(scope: TenantScope, filters: StockFilters, atDate: Date, paging: Paging) {
      const where = cardConditions(scope, filters)
      const list = await (page(
        rows(where, balancesAt(atDate)).orderBy(desc(inventoryCards.id)).$dynamic(),
        paging,
      ) as ReturnType<typeof rows>)
      const [{ n }] = (await db.select({ n: count() }).from(inventoryCards).where(where)) as [{ n: number }]
      return { list: list as DatedRow<(typeof list)[number]>[], total: n }
    },

    async cardsOf(scope: TenantScope, warehouseId: string, sku: string) {
      return rows(
        and(cardConditions(scope, { warehouse: [warehouseId] }), eq(inventoryCards.sku, sku)),
      ).orderBy(asc(businessClients.name))
    },

    async unpaired(
      scope: TenantScope,
      f: { businessclient?: string | undefined; warehouse?: string | undefined; sku?: string | undefined },
    ) {
      return rows(
        and(
          cardConditions(scope, {
            businessclient: f.businessclient ? [f.businessclient] : [],
            warehouse: f.warehouse ? [f.warehouse] : [],
            sku: f.sku ?? '',
          }),
          isNull(inventoryCards.productId),
        ),
      )
        .orderBy(desc(inventoryCards.id))
        .limit(1000)
    },

    async card(scope: TenantScope, id: string) {
      const [row] = await rows(
        and(eq(inventoryCards.id, id), tenantCondition(scope, inventoryCards.businessclientId)),
      )
      return row
    },

    cardMovements: (scope: TenantScope, warehouseId: string, sku: string, skip: number, limit: number) =>
      movements(
        and(
          tenantCondition(scope, inventoryCards.businessclientId),
          eq(inventoryCards.warehouseId, warehouseId),
          eq(inventoryCards.sku, sku),
        ),
        skip,
        limit,
      ),

    productMovements: (
      scope: TenantScope,
      productId: string,
      f: { dateFrom?: Date | undefined; dateTo?: Date | undefined; description: string },
      skip: number,
      limit: number,
    ) =>
      movements(
        and(
          tenantCondition(scope, inventoryCards.businessclientId),
          eq(inventoryCards.productId, productId),
          f.dateFrom ? gte(stockMovements.createdAt, f.dateFrom) : undefined,
          f.dateTo ? lte(stockMovements.createdAt, f.dateTo) : undefined,
          f.description ? ilike(stockMovements.description, containsPattern(f.description)) : undefined,
        ),
        skip,
        limit,
      ),
  }
}
export type StockQueriesRepository = ReturnType<typeof createStockQueriesRepository>
export type StockRowRecord = Awaited<ReturnType<StockQueriesRepository['list']>>['list'][number]
export type MovementRecord = Awaited<ReturnType<StockQueriesRepository['cardMovements']>>['list'][number]
