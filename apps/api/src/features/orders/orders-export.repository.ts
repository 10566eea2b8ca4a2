import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { businessClients, couriers, orderItems, orders, warehouses } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import { type OrderListFilter, orderDateColumn, orderListConditions } from './orders-list.repository.ts'

/** Orders read per query: a few thousand rows in memory at a time, whatever the export's size. */
export const EXPORT_BATCH = 1000

/** What an export takes: the list's filters, or the selected orders (then only the tenant scope applies). */
export type OrderExportSelection =
  | { filter: OrderListFilter }
  | { ids: string[]; dateField: OrderListFilter['dateField'] }

export interface OrderExportItem {
  orderId: string
  sku: string
  name: string
  quantity: number
  price: number
  weight: number | null
}

/** The columns of one order the exports show. */
const exportColumns = {
  id: orders.id,
  clientOrderNr: orders.clientOrderNr,
  internalNumericId: orders.internalNumericId,
  status: orders.status,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  businessclientName: businessClients.name,
  shipToClient: orders.shipToClient,
  shipToPhone: orders.shipToPhone,
  country: orders.shipToCountry,
  province: orders.shipToProvince,
  city: orders.shipToCity,
  street: orders.shipToStreet,
  streetNr: orders.shipToStreetNr,
  postcode: orders.shipToPostcode,
  courierName: couriers.name,
  warehouseName: warehouses.name,
  trackingId: orders.trackingId,
  paymentType: orders.paymentType,
  paymentTotal: orders.paymentTotal,
  codApply: orders.codApply,
  codAmount: orders.codAmount,
  shippingCost: orders.shippingCost,
  shippingWeight: orders.shippingWeight,
}

/** Where the previous batch ended: the sort date as PostgreSQL's own text (microseconds kept) and the id. */
interface Cursor {
  at: string
  id: string
}

/** One batch of orders after `after`, in the list's order. */
async function selectPage(
  db: DbOrTx,
  where: SQL | undefined,
  dateField: OrderListFilter['dateField'],
  after?: Cursor,
) {
  const date = orderDateColumn({ dateField })
  // A JS Date keeps milliseconds only: the cursor compares on the database's own value.
  const past = after
    ? sql`(${date}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined
  return db
    .select({ ...exportColumns, cursorAt: sql<string>`${date}::text` })
    .from(orders)
    .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(couriers, eq(couriers.id, orders.courierId))
    .where(and(where, past))
    .orderBy(desc(date), desc(orders.id))
    .limit(EXPORT_BATCH)
}

export type OrderExportOrder = Omit<Awaited<ReturnType<typeof selectPage>>[number], 'cursorAt'>

export interface OrderExportRow {
  order: OrderExportOrder
  items: OrderExportItem[]
}

export function createOrdersExportRepository(db: DbOrTx) {
  function conditions(scope: TenantScope, selection: OrderExportSelection): SQL | undefined {
    if ('ids' in selection) {
      return and(tenantCondition(scope, orders.businessclientId), inArray(orders.id, selection.ids))
    }
    const { filter } = selection
    return and(
      orderListConditions(db, scope, filter, new StatementParams({ inline: true })),
      filter.status ? eq(orders.status, filter.status) : undefined,
    )
  }

  async function itemsOf(orderIds: string[]): Promise<OrderExportItem[]> {
    return db
      .select({
        orderId: orderItems.orderId,
        sku: orderItems.sku,
        name: orderItems.name,
        quantity: orderItems.quantity,
        price: orderItems.price,
        weight: orderItems.weight,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id))
  }

  return {
    /**
     * The selected orders with their items, newest first by the chosen date (the list's order), in keyset
     * batches: each query starts where the previous one ended, so memory stays flat and no order is read twice.
     */
    async *batches(scope: TenantScope, selection: OrderExportSelection): AsyncGenerator<OrderExportRow[]> {
      const where = conditions(scope, selection)
      const dateField = 'ids' in selection ? selection.dateField : selection.filter.dateField
      let after: Cursor | undefined
      for (;;) {
        const rows = await selectPage(db, where, dateField, after)
        if (!rows.length) return
        const items = await itemsOf(rows.map((r) => r.id))
        const byOrder = new Map<string, OrderExportItem[]>()
        for (const item of items) {
          const lines = byOrder.get(item.orderId)
          if (lines) lines.push(item)
          else byOrder.set(item.orderId, [item])
        }
        yield rows.map(({ cursorAt: _, ...order }) => ({ order, items: byOrder.get(order.id) ?? [] }))
        if (rows.length < EXPORT_BATCH) return
        const last = rows.at(-1)!
        after = { at: last.cursorAt, id: last.id }
      }
    },
  }
}
