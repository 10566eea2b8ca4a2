import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { CreateOrderBodySchema, OrderSchema, UpdateOrderBodySchema } from './orders.schemas.ts'
import { OrderListBodySchema, OrderListSchema, OrderSearchBodySchema } from './orders-list.schemas.ts'

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
      'Order-field update: status. Client actions (New, Draft, Canceled) need orders.write, warehouse-flow ' +
      'statuses need orders.process; 409 INVALID_TRANSITION for anything the transition table refuses',
    tags,
    params: IdParamsSchema,
    body: UpdateOrderBodySchema,
    response: OrderSchema,
  }),
}
