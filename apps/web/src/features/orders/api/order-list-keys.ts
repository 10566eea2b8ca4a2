/**
 * Query keys of the orders list and its pickers. Everything starts with 'orders', so a change anywhere in
 * the orders area (detail, create) that invalidates ['orders'] refreshes the list too.
 */
export const orderListKeys = {
  all: ['orders'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (body: object) => [...orderListKeys.lists(), body] as const,
  search: (body: object) => [...orderListKeys.lists(), 'search', body] as const,
  couriers: () => [...orderListKeys.all, 'pickers', 'couriers'] as const,
  assignees: () => [...orderListKeys.all, 'pickers', 'assignees'] as const,
  businessClients: () => [...orderListKeys.all, 'pickers', 'business-clients'] as const,
  productSearch: (term: string) => [...orderListKeys.all, 'pickers', 'products', term] as const,
  product: (id: string) => [...orderListKeys.all, 'pickers', 'product', id] as const,
}
