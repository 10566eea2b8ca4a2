/** Query keys of the product-groups area. */
export const groupKeys = {
  all: ['product-groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (query: object) => [...groupKeys.lists(), query] as const,
  detail: (id: string) => [...groupKeys.all, 'detail', id] as const,
}
