import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { businessClients, couriers, orderItems, orders, warehouses } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import type { OrderAggregate } from './orders.repository.ts'

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
    customer: () =>
      or(
        ilike(
          sql`(${orders.shipToClient}->>'firstName') || ' ' || (${orders.shipToClient}->>'lastName')`,
          like,
        ),
        ilike(orders.shipToPhone, like),
        ilike(sql`${orders.shipToClient}->>'phone'`, like),
      )!,
  }
  if (key) return byKey[key]()
  return or(byKey.clientOrderNr(), byKey.internalNumericId(), byKey.customer())!
}

export function createOrdersListRepository(db: DbOrTx) {
  /** Every condition but the status: the status totals (the tabs) ignore it. */
  function where(scope: TenantScope, f: OrderListFilter) {
    const date = f.dateField === 'createdAt' ? orders.createdAt : orders.updatedAt
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

  return {
    async list(scope: TenantScope, f: OrderListFilter, page: { offset: number; limit: number }) {
      const base = where(scope, f)
      const date = f.dateField === 'createdAt' ? orders.createdAt : orders.updatedAt
      const [rows, totals] = await Promise.all([
        db
          .select({
            order: orders,
            businessclientName: businessClients.name,
            warehouseName: warehouses.name,
            courierName: couriers.name,
          })
          .from(orders)
          .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
          .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
          .leftJoin(couriers, eq(couriers.id, orders.courierId))
          .where(and(base, f.status ? eq(orders.status, f.status) : undefined))
          .orderBy(desc(date), desc(orders.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ status: orders.status, count: count() })
          .from(orders)
          .where(base)
          .groupBy(orders.status)
          .orderBy(asc(orders.status)),
      ])
      const ids = rows.map((r) => r.order.id)
      const items = ids.length
        ? await db
            .select()
            .from(orderItems)
            .where(inArray(orderItems.orderId, ids))
            .orderBy(asc(orderItems.id))
        : []
      const list: OrderListRow[] = rows.map((r) => ({
        ...r,
        items: items.filter((i) => i.orderId === r.order.id),
      }))
      return { list, totals: totals.map((t) => ({ status: t.status, count: Number(t.count) })) }
    },
  }
}
export type OrdersListRepository = ReturnType<typeof createOrdersListRepository>
