import type { OrderExportBody } from '@expedo/domain'
import type { Db } from '../../../platform/db/database.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { nonEmpty, type XlsxColumn } from '../../../platform/providers/xlsx-export.ts'
import {
  createOrdersExportRepository,
  type OrderExportItem,
  type OrderExportOrder,
  type OrderExportRow,
  type OrderExportSelection,
} from '../orders-export.repository.ts'
import { orderListFilterOf } from './list-orders.ts'

/** A product line of an order; an order without lines is exported once, with empty product columns. */
type LineRow = { order: OrderExportOrder; item: OrderExportItem | null }

const customerOf = (o: OrderExportOrder) =>
  [o.shipToClient.firstName, o.shipToClient.lastName].filter(Boolean).join(' ')
const quantityOf = (items: OrderExportItem[]) => items.reduce((sum, i) => sum + i.quantity, 0)

/**
 * The order's shipping weight; until one is recorded, the weight of its lines (products' grams × quantity),
 * or empty when no line has a weight either.
 */
function weightOf({ order, items }: OrderExportRow): number | null {
  if (order.shippingWeight !== null) return order.shippingWeight
  const weighed = items.filter((i) => i.weight !== null)
  return weighed.length ? weighed.reduce((sum, i) => sum + i.weight! * i.quantity, 0) : null
}

/** The order's own columns, shared by the per-product-line and per-order-line exports. */
function orderColumns<R extends { order: OrderExportOrder }>(): XlsxColumn<R>[] {
  return [
    { header: 'Order number', value: (r) => r.order.clientOrderNr, width: 20 },
    { header: 'Internal id', value: (r) => r.order.internalNumericId, width: 12 },
    { header: 'Status', value: (r) => r.order.status, width: 22 },
    { header: 'Created at', format: 'datetime', value: (r) => r.order.createdAt, width: 20 },
    { header: 'Updated at', format: 'datetime', value: (r) => r.order.updatedAt, width: 20 },
    { header: 'Business client', value: (r) => r.order.businessclientName, width: 28 },
    { header: 'Customer', value: (r) => customerOf(r.order), width: 26 },
    { header: 'Phone', value: (r) => r.order.shipToPhone || r.order.shipToClient.phone, width: 18 },
    { header: 'Email', value: (r) => r.order.shipToClient.email, width: 28 },
    { header: 'Country', value: (r) => r.order.country, width: 14 },
    { header: 'Province', value: (r) => r.order.province, width: 16 },
    { header: 'City', value: (r) => r.order.city, width: 18 },
    { header: 'Street', value: (r) => r.order.street, width: 24 },
    { header: 'Street nr', value: (r) => r.order.streetNr, width: 10 },
    { header: 'Post code', value: (r) => r.order.postcode, width: 10 },
    { header: 'Courier', value: (r) => r.order.courierName ?? '', width: 16 },
    { header: 'Warehouse', value: (r) => r.order.warehouseName ?? '', width: 20 },
    { header: 'Tracking id', value: (r) => r.order.trackingId, width: 20 },
  ]
}

export const perProductLineColumns: XlsxColumn<LineRow>[] = [
  ...orderColumns<LineRow>(),
  { header: 'SKU', value: (r) => r.item?.sku ?? '', width: 20 },
  { header: 'Product name', value: (r) => r.item?.name ?? '', width: 36 },
  { header: 'Quantity', value: (r) => r.item?.quantity ?? null, width: 10 },
  { header: 'Line price', value: (r) => r.item?.price ?? null, width: 12 },
  { header: 'COD amount', value: (r) => r.order.codAmount, width: 12 },
  { header: 'Payment type', value: (r) => r.order.paymentType, width: 14 },
]

export const perOrderLineColumns: XlsxColumn<OrderExportRow>[] = [
  ...orderColumns<OrderExportRow>(),
  { header: 'Payment type', value: (r) => r.order.paymentType, width: 14 },
  { header: 'Items', value: (r) => r.items.length, width: 8 },
  { header: 'Quantity', value: (r) => quantityOf(r.items), width: 10 },
  {
    header: 'Items summary',
    value: (r) => r.items.map((i) => `${i.sku} ×${i.quantity}`).join(', '),
    width: 40,
  },
  { header: 'Total', value: (r) => r.order.paymentTotal, width: 12 },
  { header: 'COD apply', value: (r) => (r.order.codApply ? 'Yes' : 'No'), width: 10 },
  { header: 'COD amount', value: (r) => r.order.codAmount, width: 12 },
]

export const costPerOrderColumns: XlsxColumn<OrderExportRow>[] = [
  { header: 'Order number', value: (r) => r.order.clientOrderNr, width: 20 },
  { header: 'Internal id', value: (r) => r.order.internalNumericId, width: 12 },
  { header: 'Status', value: (r) => r.order.status, width: 22 },
  { header: 'Created at', format: 'datetime', value: (r) => r.order.createdAt, width: 20 },
  { header: 'Business client', value: (r) => r.order.businessclientName, width: 28 },
  { header: 'Country', value: (r) => r.order.country, width: 14 },
  { header: 'Courier', value: (r) => r.order.courierName ?? '', width: 16 },
  { header: 'Warehouse', value: (r) => r.order.warehouseName ?? '', width: 20 },
  { header: 'Weight (g)', value: weightOf, width: 12 },
  { header: 'Shipping cost', value: (r) => r.order.shippingCost, width: 14 },
  { header: 'COD amount', value: (r) => r.order.codAmount, width: 12 },
  { header: 'Total', value: (r) => r.order.paymentTotal, width: 12 },
  { header: 'Items', value: (r) => r.items.length, width: 8 },
  { header: 'Quantity', value: (r) => quantityOf(r.items), width: 10 },
]

const linesOf = (row: OrderExportRow): LineRow[] =>
  row.items.length
    ? row.items.map((item) => ({ order: row.order, item }))
    : [{ order: row.order, item: null }]

/** The export body as the repository's selection: the selected rows, else the list's filters. */
function selectionOf(body: OrderExportBody): OrderExportSelection {
  const dateField = body.use_createdAt ? 'createdAt' : 'updatedAt'
  return body.ids ? { ids: [...new Set(body.ids)], dateField } : { filter: orderListFilterOf(body) }
}

const today = () => new Date().toISOString().slice(0, 10)

/** The three order exports (spec §7): each answers what `sendXlsx` streams. */
export function createOrderExports(db: Db) {
  const repo = createOrdersExportRepository(db)
  const orderBatches = (auth: AuthContext, body: OrderExportBody) =>
    nonEmpty(repo.batches(auth.scope, selectionOf(body)))

  return {
    async perProductLine(auth: AuthContext, body: OrderExportBody) {
      const batches = await orderBatches(auth, body)
      return {
        filename: `orders-per-product-line-${today()}.xlsx`,
        sheet: 'Orders per product line',
        columns: perProductLineColumns,
        batches: (async function* () {
          for await (const batch of batches) yield batch.flatMap(linesOf)
        })(),
      }
    },

    async perOrderLine(auth: AuthContext, body: OrderExportBody) {
      return {
        filename: `orders-per-order-line-${today()}.xlsx`,
        sheet: 'Orders per order line',
        columns: perOrderLineColumns,
        batches: await orderBatches(auth, body),
      }
    },

    async costPerOrder(auth: AuthContext, body: OrderExportBody) {
      return {
        filename: `orders-cost-per-order-${today()}.xlsx`,
        sheet: 'Cost per order',
        columns: costPerOrderColumns,
        batches: await orderBatches(auth, body),
      }
    },
  }
}
export type OrderExports = ReturnType<typeof createOrderExports>
