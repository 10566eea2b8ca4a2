import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { clientPhone, customerName, orderItems, orderStatusTotals, orders } from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import { fromOrdersJoined, lineStock, type OrderAggregate } from './orders.repository.ts'

export type SearchKey = 'clientOrderNr' | 'internalNumericId' | 'customer'

export interface OrderListFilter {
  status?: string | undefined
  /** The date the range filters and the list sorts on. */
  dateField: 'createdAt' | 'updatedAt'
  from?: Date | undefined
  /** Exclusive. */
  until?: Date | undefined
  productId?: string | undefined
  skus?: string[] | undefined
  country?: string | undefined
  courierId?: string | undefined
  /** true: COD only; false: no COD only. */
  cod?: boolean | undefined
  businessclientId?: string | undefined
  search?: { term: string; key?: SearchKey | undefined } | undefined
}

export type OrderListRow = Omit<OrderAggregate, 'logs'>

function searchCondition(term: string, key: SearchKey | undefined): SQL {
  const like = containsPattern(term)
  const byKey: Record<SearchKey, () => SQL> = {
    clientOrderNr: () => ilike(orders.clientOrderNr, like),
    // Only digits can be an internal id; a bigint holds 15 digits safely as a JS number.
    internalNumericId: () =>
      /^\d{1,15}$/.test(term) ? eq(orders.internalNumericId, Number(term)) : sql`false`,
    // The expressions of the trigram indexes (orders.table.ts), so each ILIKE can use its index.
    customer: () =>
      or(
        ilike(customerName(orders.shipToClient), like),
        ilike(orders.shipToPhone, like),
        ilike(clientPhone(orders.shipToClient), like),
      )!,
  }
  if (key) return byKey[key]()
  return or(byKey.clientOrderNr(), byKey.internalNumericId(), byKey.customer())!
}

/** The column the list filters and sorts on: createdAt, or updatedAt with use_createdAt false. */
export function orderDateColumn(f: Pick<OrderListFilter, 'dateField'>) {
  return f.dateField === 'createdAt' ? orders.createdAt : orders.updatedAt
}

/**
 * The list's conditions but the status (the status totals, the tabs, ignore it): one definition for the
 * list, its totals and the exports.
 */
export function orderListConditions(db: DbOrTx, scope: TenantScope, f: OrderListFilter): SQL | undefined {
  const date = orderDateColumn(f)
  const withItem = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orders.id), condition)),
    )
  return and(
    tenantCondition(scope, orders.businessclientId),
    f.businessclientId ? eq(orders.businessclientId, f.businessclientId) : undefined,
    f.from ? gte(date, f.from) : undefined,
    f.until ? lt(date, f.until) : undefined,
    f.productId ? withItem(eq(orderItems.productId, f.productId)) : undefined,
    f.skus?.length ? withItem(inArray(orderItems.sku, f.skus)) : undefined,
    f.country ? eq(orders.shipToCountry, f.country) : undefined,
    f.courierId ? eq(orders.courierId, f.courierId) : undefined,
    f.cod !== undefined ? eq(orders.codApply, f.cod) : undefined,
    f.search ? searchCondition(f.search.term, f.search.key) : undefined,
  )
}

/**
 * The filters the kept counts answer: the status (the totals ignore it), the date the list sorts on and the
 * business client. Any other filter set (one added later included) makes the totals count the orders.
 */
const keptFilters = new Set<string>([
  'status',
  'dateField',
  'businessclientId',
] satisfies (keyof OrderListFilter)[])

/** Whether the totals may come from order_status_totals: no filter but the tenant and the business client. */
function totalsAreKept(f: OrderListFilter): boolean {
  return Object.entries(f).every(
    ([key, value]) =>
      keptFilters.has(key) || value === undefined || (Array.isArray(value) && value.length === 0),
  )
}

/**
 * Orders per status the caller sees under the list's filters but the status (the tabs), by status. The
 * default tabs read the counts the triggers keep (a few rows per client); other filters count the orders.
 */
function statusTotals(db: DbOrTx, scope: TenantScope, f: OrderListFilter, base: SQL | undefined) {
  if (totalsAreKept(f)) {
    const t = orderStatusTotals
    return db
      .select({ status: t.status, count: sql<string>`sum(${t.count})` })
      .from(t)
      .where(
        and(
          tenantCondition(scope, t.businessclientId),
          f.businessclientId ? eq(t.businessclientId, f.businessclientId) : undefined,
          sql`${t.count} > 0`,
        ),
      )
      .groupBy(t.status)
      .orderBy(asc(t.status))
  }
  return db
    .select({ status: orders.status, count: count() })
    .from(orders)
    .where(base)
    .groupBy(orders.status)
    .orderBy(asc(orders.status))
}

export function createOrdersListRepository(db: DbOrTx) {
  return {
    async list(scope: TenantScope, f: OrderListFilter, page: { offset: number; limit: number }) {
      const base = orderListConditions(db, scope, f)
      const date = orderDateColumn(f)
      const [rows, totals] = await readTogether(db, [
        () =>
          fromOrdersJoined(db)
            .where(and(base, f.status ? eq(orders.status, f.status) : undefined))
            .orderBy(desc(date), desc(orders.id))
            .limit(page.limit)
            .offset(page.offset),
        () => statusTotals(db, scope, f, base),
      ])
      const ids = rows.map((r) => r.order.id)
      const [items, stock] = ids.length
        ? await readTogether(db, [
            () =>
              db
                .select()
                .from(orderItems)
                .where(inArray(orderItems.orderId, ids))
                .orderBy(asc(orderItems.id)),
            () => lineStock(db, ids),
          ])
        : [[], new Map<string, number>()]
      const list: OrderListRow[] = rows.map((r) => ({
        ...r,
        items: items.filter((i) => i.orderId === r.order.id),
        stock,
      }))
      return { list, totals: totals.map((t) => ({ status: t.status, count: Number(t.count) })) }
    },
  }
}
export type OrdersListRepository = ReturnType<typeof createOrdersListRepository>
