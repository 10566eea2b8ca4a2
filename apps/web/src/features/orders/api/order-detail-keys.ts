/**
 * Query keys of the order detail screen. They sit under ['orders'], so anything that invalidates the orders
 * area (a list change, a bulk update) refreshes the open detail too.
 */
export const orderDetailKeys = {
  detail: (id: string) => ['orders', 'detail', id] as const,
  comments: (id: string) => ['orders', 'detail', id, 'comments'] as const,
  offices: (country: string, courierId: string) => ['orders', 'offices', country, courierId] as const,
  products: (businessclient: string, term: string) =>
    ['orders', 'detail-lookups', 'products', businessclient, term] as const,
}
