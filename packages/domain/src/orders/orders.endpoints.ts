import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { CreateOrderBodySchema, OrderSchema, UpdateOrderBodySchema } from './orders.schemas.ts'

const tags = ['orders']

export const ordersEndpoints = {
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
