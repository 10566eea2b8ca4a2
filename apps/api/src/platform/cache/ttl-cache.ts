/**
 * A small in-memory cache for answers that may be a little old: a courier's office lists (large, rarely
 * changed; docs/couriers.md) and the home dashboard's figures. Entries live `ttlMs`; concurrent misses
 * share one load (a burst of callers runs the query once); a failure is not kept. The oldest entry goes when
 * `maxEntries` is reached. Per process: each API process keeps its own.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>()
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load()
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) return hit.value
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
      const value = load()
      entries.set(key, { expires: now + ttlMs, value })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      return value
    },
    clear: () => entries.clear(),
  }
}
