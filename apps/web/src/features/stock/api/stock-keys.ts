/** Query keys of the stock area (one factory, so invalidation is by prefix). */
export const stockKeys = {
  all: ['stock'] as const,
  list: (body: object) => [...stockKeys.all, 'list', body] as const,
  atDate: (body: object) => [...stockKeys.all, 'at-date', body] as const,
  cards: (warehouse: string, sku: string) => [...stockKeys.all, 'cards', warehouse, sku] as const,
  movements: (warehouse: string, sku: string, skip: number, limit: number) =>
    [...stockKeys.all, 'movements', warehouse, sku, skip, limit] as const,
}
