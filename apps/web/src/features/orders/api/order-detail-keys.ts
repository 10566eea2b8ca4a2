/**
 * Query keys of the order detail screen. The order's sit under ['orders'], so anything that invalidates the orders
 * area (a list change, a bulk update) refreshes the open detail too.
 */
export const orderDetailKeys = {
  detail: (id: string) => ['orders', 'detail', id] as const,
  comments: (id: string) => ['orders', 'detail', id, 'comments'] as const,
  // Not under ['orders']: a courier's offices do not change with an order.
  offices: (country: string, courierId: string) => ['courier-offices', country, courierId] as const,
}
