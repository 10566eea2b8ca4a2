/** Query keys of the products area (one factory, so invalidation is by prefix). */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (query: object) => [...productKeys.lists(), query] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  eshops: (businessclient: string) => ['eshops', businessclient] as const,
  stock: (id: string) => [...productKeys.all, 'stock', id] as const,
  movements: (id: string, query: object) => [...productKeys.all, 'movements', id, query] as const,
}
