import { and, asc, desc, eq, exists, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm'
import {
  clientPhone,
  customerName,
  orderDayCounts,
  orderItems,
  orderStatusTotals,
  orders,
} from '../../db/schema/index.ts'
import { countingPlan, dayOf, planReads, type Range } from '../../platform/db/counting-plan.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { anyOf, runPrepared } from '../../platform/db/prepared.ts'
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
    f.skus?.length ? withItem(anyOf(orderItems.sku, f.skus, 'text')) : undefined,
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
const keptFilters = new Set<keyof OrderListFilter>(['status', 'dateField', 'businessclientId'])

/** The filters order_day_counts answers as well: a date range, the country, the courier and COD. */
const dayCountFilters = new Set<keyof OrderListFilter>([
  ...keptFilters,
  'from',
  'until',
  'country',
  'courierId',
  'cod',
])

const onlyFilters = (f: OrderListFilter, allowed: Set<keyof OrderListFilter>) =>
  Object.entries(f).every(
    ([key, value]) =>
      allowed.has(key as keyof OrderListFilter) ||
      value === undefined ||
      (Array.isArray(value) && value.length === 0),
  )

type StatusCount = { status: string; count: string }

/**
 * Totals from order_day_counts (countingPlan): a few hundred rows per month and per day at the ends of a
 * range, and the orders of a day cut at either end, instead of every matching order.
 */
async function dayTotals(db: DbOrTx, scope: TenantScope, f: OrderListFilter): Promise<StatusCount[]> {
  const d = orderDayCounts
  const plan = countingPlan(f.from, f.until)
  const kind = f.dateField === 'createdAt' ? 'c' : 'u'
  const summed =
    (rows: 'month' | 'day', [from, until]: Range) =>
    () =>
      runPrepared(
        'orders_totals_days',
        db
          .select({ status: d.status, count: sql<string>`sum(${d.count})` })
          .from(d)
          .where(
            and(
              eq(d.kind, rows === 'month' ? `${kind}m` : kind),
              from ? gte(d.day, dayOf(from)) : undefined,
              until ? lt(d.day, dayOf(until)) : undefined,
              tenantCondition(scope, d.businessclientId),
              f.businessclientId ? eq(d.businessclientId, f.businessclientId) : undefined,
              f.country ? eq(d.country, f.country) : undefined,
              f.courierId ? eq(d.courierId, f.courierId) : undefined,
              f.cod !== undefined ? eq(d.cod, f.cod) : undefined,
            ),
          )
          .groupBy(d.status),
      )
  const counted =
    ([from, until]: Range) =>
    () =>
      runPrepared(
        'orders_totals_counted',
        db
          .select({ status: orders.status, count: sql<string>`count(*)` })
          .from(orders)
          .where(orderListConditions(db, scope, { ...f, from, until }))
          .groupBy(orders.status),
      )
  const pieces = planReads(plan, summed, counted)
  const parts = await readTogether(
    db,
    pieces.map((piece) => piece.read),
  )
  const sums = new Map<string, number>()
  parts.forEach((part, i) => {
    for (const row of part) {
      sums.set(row.status, (sums.get(row.status) ?? 0) + pieces[i]!.sign * Number(row.count))
    }
  })
  return [...sums]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([status, n]) => ({ status, count: String(n) }))
}

/**
 * Orders per status the caller sees under the list's filters but the status (the tabs), by status. The
 * default tabs read the counts per client and status the triggers keep (a few rows per client); a date
 * range, country, courier or COD filter sums the per-day counts (dayTotals); a product, SKU or search
 * filter counts the matching orders.
 */
function statusTotals(
  db: DbOrTx,
  scope: TenantScope,
  f: OrderListFilter,
  base: SQL | undefined,
): Promise<StatusCount[]> {
  if (onlyFilters(f, keptFilters)) {
    const t = orderStatusTotals
    const kept = db
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
    return runPrepared('orders_totals_kept', kept)
  }
  if (onlyFilters(f, dayCountFilters)) return dayTotals(db, scope, f)
  const counted = db
    .select({ status: orders.status, count: sql<string>`count(*)` })
    .from(orders)
    .where(base)
    .groupBy(orders.status)
    .orderBy(asc(orders.status))
  return runPrepared('orders_totals_counted', counted)
}

export function createOrdersListRepository(db: DbOrTx) {
  return {
    async list(scope: TenantScope, f: OrderListFilter, page: { offset: number; limit: number }) {
      const base = orderListConditions(db, scope, f)
      const date = orderDateColumn(f)
      const [rows, totals] = await readTogether(db, [
        () =>
          runPrepared(
            'orders_page',
            fromOrdersJoined(db)
              .where(and(base, f.status ? eq(orders.status, f.status) : undefined))
              .orderBy(desc(date), desc(orders.id))
              .limit(page.limit)
              .offset(page.offset),
          ),
        () => statusTotals(db, scope, f, base),
      ])
      const ids = rows.map((r) => r.order.id)
      const [items, stock] = ids.length
        ? await readTogether(db, [
            () =>
              runPrepared(
                'orders_page_items',
                db
                  .select()
                  .from(orderItems)
                  .where(anyOf(orderItems.orderId, ids, 'uuid'))
                  .orderBy(asc(orderItems.id)),
              ),
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
