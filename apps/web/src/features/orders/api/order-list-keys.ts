/**
 * Query keys of the orders list and its pickers. The list's start with 'orders', so a change anywhere in
 * the orders area (detail, create, a bulk change) that invalidates ['orders'] refreshes the list too. The
 * pickers' do not: what they list (couriers, users, a product's name) does not change with an order.
 */
export const orderListKeys = {
  all: ['orders'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (body: object) => [...orderListKeys.lists(), body] as const,
  search: (body: object) => [...orderListKeys.lists(), 'search', body] as const,
  assignees: () => ['order-pickers', 'assignees'] as const,
  product: (id: string) => ['order-pickers', 'product', id] as const,
}
