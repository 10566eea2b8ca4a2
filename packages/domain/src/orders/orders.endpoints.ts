import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import {
  AddOrderItemBodySchema,
  BulkUpdateOrdersBodySchema,
  BulkUpdateOrdersResultSchema,
  CreateOrderBodySchema,
  GetOfficesBodySchema,
  OfficeListSchema,
  OrderAssigneesSchema,
  OrderItemParamsSchema,
  OrderOpenSchema,
  OrderSchema,
  ParcelshopsBodySchema,
  ParcelshopsSchema,
  UpdateOrderBodySchema,
} from './orders.schemas.ts'
import {
  OrderExportBodySchema,
  OrderListBodySchema,
  OrderListSchema,
  OrderSearchBodySchema,
} from './orders-list.schemas.ts'

const tags = ['orders']

export const ordersEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/orders',
    access: 'orders.read',
    summary:
      'The orders list: filters, paging, newest first by the chosen date, and the status totals for the tabs',
    tags,
    body: OrderListBodySchema,
    response: OrderListSchema,
  }),
  search: defineEndpoint({
    method: 'POST',
    path: '/orders/find/search',
    access: 'orders.read',
    summary: 'Orders by order number, internal id or customer name / phone, with the status totals',
    tags,
    body: OrderSearchBodySchema,
    response: OrderListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/orders/create/new',
    access: 'orders.write',
    summary: 'Create an order (New); allocation blocks stock when the business profile says so',
    tags,
    body: CreateOrderBodySchema,
    response: OrderSchema,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/orders/:id',
    access: 'orders.read',
    summary: 'An order with its items, addresses, payment and change log',
    tags,
    params: IdParamsSchema,
    response: OrderSchema,
  }),
  duplicate: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/duplicate',
    access: 'orders.write',
    summary:
      'A Draft copy of the order (new internal id, same items, addresses, payment and courier; no warehouse, ' +
      'invoice or tracking), logged on both orders; answers the copy',
    tags,
    params: IdParamsSchema,
    response: OrderSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/cancel',
    access: 'orders.write',
    summary: 'Cancel an order (releases its blocked stock); 409 INVALID_TRANSITION when not allowed',
    tags,
    params: IdParamsSchema,
    response: OrderSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/orders/:id',
    access: 'orders.read',
    summary:
      'Order-field update: any editable field, each validated, each change logged. Status: client actions ' +
      '(New, Draft, Canceled) need orders.write, warehouse-flow statuses need orders.process; 409 ' +
      'INVALID_TRANSITION for anything the transition table refuses. Other fields need orders.write or ' +
      'orders.process; items and addresses only before picking (409 CONFLICT after)',
    tags,
    params: IdParamsSchema,
    body: UpdateOrderBodySchema,
    response: OrderSchema,
  }),
  bulkUpdate: defineEndpoint({
    method: 'PUT',
    path: '/orders',
    access: 'orders.read',
    summary:
      'One change (status, warehouse, courier or assigned user) for up to 1000 orders, each in its own ' +
      'transaction; answers how many changed and the failed-orders record',
    tags,
    body: BulkUpdateOrdersBodySchema,
    response: BulkUpdateOrdersResultSchema,
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/items',
    access: 'orders.write',
    summary:
      'Add a product line (quantity ≥ 1, line price ≥ 0); only before picking; re-allocates a New order',
    tags,
    params: IdParamsSchema,
    body: AddOrderItemBodySchema,
    response: OrderSchema,
  }),
  deleteItem: defineEndpoint({
    method: 'DELETE',
    path: '/orders/:id/items/:itemId',
    access: 'orders.write',
    summary: 'Remove a product line (releasing what it blocked); only before picking',
    tags,
    params: OrderItemParamsSchema,
    response: OrderSchema,
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/open',
    access: 'orders.read',
    summary: 'The caller has the order open (the detail page calls it on load and every minute)',
    tags,
    params: IdParamsSchema,
    response: OrderOpenSchema,
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: '/orders/assignees',
    access: 'orders.process',
    summary: 'Users an order can be assigned to (enabled admins and operators)',
    tags,
    response: OrderAssigneesSchema,
  }),
  getOffices: defineEndpoint({
    method: 'POST',
    path: '/orders/getoffices',
    access: 'orders.read',
    summary: "Offices of an office pick-up courier (ECONT, ECONT_GR) in a country, from the courier's API",
    tags,
    body: GetOfficesBodySchema,
    response: OfficeListSchema,
  }),
  parcelshops: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/parcelshops',
    access: 'orders.read',
    summary: "Parcel shops of the order's courier in a city (the detail page calls it on load)",
    tags,
    params: IdParamsSchema,
    body: ParcelshopsBodySchema,
    response: ParcelshopsSchema,
  }),
  exportPerProductLine: defineEndpoint({
    method: 'POST',
    path: '/orders/export/perprodcutline',
    access: 'orders.read',
    summary: 'Orders as a streamed .xlsx, one row per product line (the path keeps its historical spelling)',
    tags,
    body: OrderExportBodySchema,
    response: XlsxFileSchema,
  }),
  exportPerOrderLine: defineEndpoint({
    method: 'POST',
    path: '/orders/export/perorderline',
    access: 'orders.read',
    summary: 'Orders as a streamed .xlsx, one row per order',
    tags,
    body: OrderExportBodySchema,
    response: XlsxFileSchema,
  }),
  exportCostPerOrder: defineEndpoint({
    method: 'POST',
    path: '/orders/export/perorderline/cost',
    access: 'orders.read',
    summary: 'Cost per order as a streamed .xlsx: one row per order with its shipping cost, COD and totals',
    tags,
    body: OrderExportBodySchema,
    response: XlsxFileSchema,
  }),
}
