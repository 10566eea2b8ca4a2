/** Query keys of the business-clients area (one factory, so invalidation is by prefix). */
export const businessClientKeys = {
  all: ['business-clients'] as const,
  details: () => [...businessClientKeys.all, 'detail'] as const,
  detail: (id: string) => [...businessClientKeys.details(), id] as const,
}
