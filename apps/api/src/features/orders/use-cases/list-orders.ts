import {
  COUNT_CAP,
  type OrderList,
  type OrderListBody,
  type OrderSearchBody,
  type OrderStatus,
} from '@expedo/domain'
import type { Db } from '../../../platform/db/database.ts'
import { pageOf } from '../../../platform/db/paging.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { toOrderListItem } from '../orders.mapper.ts'
import { createOrdersListRepository, type OrderListFilter } from '../orders-list.repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const isDay = (value: string) => value.length === 10

/** A day means its whole day (UTC): dateTo of a day ends where the next day starts. */
const fromOf = (value: string | undefined) => (value ? new Date(value) : undefined)
const untilOf = (value: string | undefined) => {
  if (!value) return undefined
  const at = new Date(value).getTime()
  return new Date(isDay(value) ? at + DAY_MS : at + 1)
}

/** has_cod / no_cod narrow to one side; both, neither or `all` mean every order. */
function codOf(body: Pick<OrderListBody, 'all' | 'has_cod' | 'no_cod'>): boolean | undefined {
  if (body.all || body.has_cod === body.no_cod) return undefined
  return body.has_cod === true
}

async function run(
  db: Db,
  auth: AuthContext,
  filter: OrderListFilter,
  page: { currentPage: number; itemsPerPage: number },
): Promise<OrderList> {
  const { list, totals, capped } = await createOrdersListRepository(db).list(auth.scope, filter, pageOf(page))
  const counted = filter.status ? totals.filter((t) => t.status === filter.status) : totals
  const total = counted.reduce((sum, t) => sum + t.count, 0)
  return {
    list: list.map(toOrderListItem),
    // A search counts COUNT_CAP + 1 matches at most: past the cap it says "more than" (totalCapped).
    total: capped ? Math.min(total, COUNT_CAP) : total,
    totals: totals.map((t) => ({ status: t.status as OrderStatus, count: t.count })),
    ...(capped ? { totalCapped: true } : {}),
  }
}

/** The list's filters of a list or export body (without its paging). */
export function orderListFilterOf(
  body: Omit<OrderListBody, 'currentPage' | 'itemsPerPage'>,
): OrderListFilter {
  return {
    status: body.status,
    dateField: body.use_createdAt ? 'createdAt' : 'updatedAt',
    from: fromOf(body.dateFrom),
    until: untilOf(body.dateTo),
    productId: body.product,
    skus: body.skus?.filter((s) => s.length > 0),
    country: body.country || undefined,
    courierId: body.courier,
    cod: codOf(body),
    businessclientId: body.businessclient,
  }
}

export function listOrders(db: Db, auth: AuthContext, body: OrderListBody): Promise<OrderList> {
  return run(db, auth, orderListFilterOf(body), body)
}

export function searchOrders(db: Db, auth: AuthContext, body: OrderSearchBody): Promise<OrderList> {
  return run(db, auth, { dateField: 'createdAt', search: { term: body.searchTerm, key: body.key } }, body)
}
