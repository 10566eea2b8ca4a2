import { COUNT_CAP } from '@expedo/domain'
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
import { anyOf, pageClause, runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition, tenantShape } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import { fromOrdersJoined, linesWithStock, type OrderAggregate } from './orders.repository.ts'

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

const NUMERIC_ID = /^\d{1,15}$/

function searchCondition(term: string, key: SearchKey | undefined, params: StatementParams): SQL {
  // One placeholder for the four ILIKEs (each occurrence is its own parameter, filled from one value).
  const like = params.p('like', containsPattern(term))
  const byKey: Record<SearchKey, () => SQL> = {
    clientOrderNr: () => ilike(orders.clientOrderNr, like),
    // Only digits can be an internal id; a bigint holds 15 digits safely as a JS number.
    internalNumericId: () =>
      NUMERIC_ID.test(term) ? eq(orders.internalNumericId, params.p('numericId', Number(term))) : sql`false`,
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
 * list and its totals. The values are placeholders (`params`); conditionsShape names the choices.
 */
export function orderListConditions(
  db: DbOrTx,
  scope: TenantScope,
  f: OrderListFilter,
  params: StatementParams,
): SQL | undefined {
  const date = orderDateColumn(f)
  const withItem = (condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orders.id), condition)),
    )
  const p = (name: string, value: unknown) => params.p(name, value)
  return and(
    tenantCondition(scope, orders.businessclientId, params),
    f.businessclientId ? eq(orders.businessclientId, p('client', f.businessclientId)) : undefined,
    f.from ? gte(date, p('from', f.from.toISOString())) : undefined,
    f.until ? lt(date, p('until', f.until.toISOString())) : undefined,
    f.productId ? withItem(eq(orderItems.productId, p('product', f.productId))) : undefined,
    f.skus?.length ? withItem(anyOf(orderItems.sku, p('skus', f.skus), 'text')) : undefined,
    f.country ? eq(orders.shipToCountry, p('country', f.country)) : undefined,
    f.courierId ? eq(orders.courierId, p('courier', f.courierId)) : undefined,
    f.cod !== undefined ? eq(orders.codApply, p('cod', f.cod)) : undefined,
    f.search ? searchCondition(f.search.term, f.search.key, params) : undefined,
  )
}

/** Every choice orderListConditions makes that changes the statement's text (not its values). */
export function conditionsShape(scope: TenantScope, f: OrderListFilter): string {
  const search = f.search ? `q${f.search.key ?? '*'}${NUMERIC_ID.test(f.search.term) ? 'n' : ''}` : ''
  return [
    tenantShape(scope),
    f.dateField,
    f.businessclientId ? 'b' : '',
    f.from ? 'f' : '',
    f.until ? 'u' : '',
    f.productId ? 'p' : '',
    f.skus?.length ? 's' : '',
    f.country ? 'c' : '',
    f.courierId ? 'k' : '',
    f.cod !== undefined ? 'd' : '',
    search,
  ].join('.')
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
  const filtersShape = [
    tenantShape(scope),
    f.businessclientId ? 'b' : '',
    f.country ? 'c' : '',
    f.courierId ? 'k' : '',
    f.cod !== undefined ? 'd' : '',
  ].join('.')
  const summed =
    (rows: 'month' | 'day', [from, until]: Range) =>
    () => {
      const params = new StatementParams()
      const p = (name: string, value: unknown) => params.p(name, value)
      return runShaped(
        db,
        'orders_totals_days',
        `${filtersShape}.${from ? 'f' : ''}.${until ? 'u' : ''}`,
        params,
        db
          .select({ status: d.status, count: sql<string>`sum(${d.count})` })
          .from(d)
          .where(
            and(
              eq(d.kind, p('kind', rows === 'month' ? `${kind}m` : kind)),
              from ? gte(d.day, p('from', dayOf(from))) : undefined,
              until ? lt(d.day, p('until', dayOf(until))) : undefined,
              tenantCondition(scope, d.businessclientId, params),
              f.businessclientId ? eq(d.businessclientId, p('client', f.businessclientId)) : undefined,
              f.country ? eq(d.country, p('country', f.country)) : undefined,
              f.courierId ? eq(d.courierId, p('courier', f.courierId)) : undefined,
              f.cod !== undefined ? eq(d.cod, p('cod', f.cod)) : undefined,
            ),
          )
          .groupBy(d.status),
      )
    }
  const counted =
    ([from, until]: Range) =>
    () => {
      const params = new StatementParams()
      const cut = { ...f, from, until }
      return runShaped(
        db,
        'orders_totals_counted',
        conditionsShape(scope, cut),
        params,
        db
          .select({ status: orders.status, count: sql<string>`count(*)` })
          .from(orders)
          .where(orderListConditions(db, scope, cut, params))
          .groupBy(orders.status),
      )
    }
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
  base: { where: SQL | undefined; shape: string; params: StatementParams },
): Promise<StatusCount[]> {
  if (onlyFilters(f, keptFilters)) {
    const t = orderStatusTotals
    const params = new StatementParams()
    const kept = db
      .select({ status: t.status, count: sql<string>`sum(${t.count})` })
      .from(t)
      .where(
        and(
          tenantCondition(scope, t.businessclientId, params),
          f.businessclientId ? eq(t.businessclientId, params.p('client', f.businessclientId)) : undefined,
          sql`${t.count} > 0`,
        ),
      )
      .groupBy(t.status)
      .orderBy(asc(t.status))
    return runShaped(
      db,
      'orders_totals_kept',
      `${tenantShape(scope)}.${f.businessclientId ? 'b' : ''}`,
      params,
      kept,
    )
  }
  if (onlyFilters(f, dayCountFilters)) return dayTotals(db, scope, f)
  const counted = db
    .select({ status: orders.status, count: sql<string>`count(*)` })
    .from(orders)
    .where(base.where)
    .groupBy(orders.status)
    .orderBy(asc(orders.status))
  return runShaped(db, 'orders_totals_counted_sorted', base.shape, base.params, counted)
}

/**
 * A search's page and capped totals. Both are planned for the term itself (not prepared): PostgreSQL then
 * sees how many orders it matches. A broad term ('Bench', every order) walks the list-order index and stops
 * at the page's last row (0.1 ms at 1,000,000 orders), where the trigram indexes would first collect and
 * sort every match; a narrow one ORs the trigram bitmaps and sorts the few matches. The totals count at
 * most COUNT_CAP + 1 matches: a broad term stops early (a scan that finds them in the first rows it reads),
 * where counting every match took seconds of a server process per call.
 */
async function searchPage(
  db: DbOrTx,
  scope: TenantScope,
  f: OrderListFilter,
  page: { offset: number; limit: number },
) {
  const params = new StatementParams({ inline: true })
  const where = orderListConditions(db, scope, f, params)
  const date = orderDateColumn(f)
  const paged = pageClause(params, page, { write: false })
  const pageQuery = fromOrdersJoined(db)
    .where(and(where, f.status ? eq(orders.status, params.p('status', f.status)) : undefined))
    .orderBy(desc(date), desc(orders.id))
    .limit(paged.limit)
    .offset(paged.offset)
  const matched = db
    .select({ status: orders.status })
    .from(orders)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('matched')
  const counted = db
    .select({ status: matched.status, count: sql<string>`count(*)` })
    .from(matched)
    .groupBy(matched.status)
    .orderBy(asc(matched.status))
  return readTogether(db, [() => pageQuery, () => counted])
}

export function createOrdersListRepository(db: DbOrTx) {
  return {
    async list(scope: TenantScope, f: OrderListFilter, page: { offset: number; limit: number }) {
      if (f.search) {
        const [rows, totals] = await searchPage(db, scope, f, page)
        const counts = totals.map((t) => ({ status: t.status, count: Number(t.count) }))
        return {
          list: await withLines(db, rows),
          totals: counts,
          capped: counts.reduce((sum, t) => sum + t.count, 0) > COUNT_CAP,
        }
      }
      const params = new StatementParams()
      const where = orderListConditions(db, scope, f, params)
      const shape = conditionsShape(scope, f)
      const date = orderDateColumn(f)
      // The default tabs (scope, client, status: an index each) keep one plan for every value; a date range,
      // country, courier or search is planned for its values on each call (pageClause).
      const paged = pageClause(params, page, { write: onlyFilters(f, keptFilters) })
      const pageQuery = fromOrdersJoined(db)
        .where(and(where, f.status ? eq(orders.status, params.p('status', f.status)) : undefined))
        .orderBy(desc(date), desc(orders.id))
        .limit(paged.limit)
        .offset(paged.offset)
      const [rows, totals] = await readTogether(db, [
        () =>
          runShaped(db, 'orders_page', `${shape}.${f.status ? 's' : ''}.${paged.shape}`, params, pageQuery),
        // The counted totals share the conditions' values (a statement reads only its own placeholders).
        () => statusTotals(db, scope, f, { where, shape, params }),
      ])
      return {
        list: await withLines(db, rows),
        totals: totals.map((t) => ({ status: t.status, count: Number(t.count) })),
        capped: false,
      }
    },
  }
}

type PageRow = Omit<OrderListRow, 'items' | 'stock'>

/** The page's rows with their lines and the lines' stock. */
async function withLines(db: DbOrTx, rows: PageRow[]): Promise<OrderListRow[]> {
  const { items, stock } = await linesWithStock(
    db,
    rows.map((r) => r.order.id),
  )
  return rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.order.id), stock }))
}
export type OrdersListRepository = ReturnType<typeof createOrdersListRepository>
