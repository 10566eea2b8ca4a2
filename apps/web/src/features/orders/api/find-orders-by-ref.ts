import type { OrderListItem } from '@expedo/domain'
import { endpoints } from '@expedo/domain'
import { call } from '@/lib/api-client'

/** How many searches run at once when finding typed references. */
const PARALLEL = 5

/**
 * Finds the orders of typed references (an order number or an internal id, exactly): one
 * `POST /orders/find/search` a reference, a few at a time. Answers the orders found and the references
 * that matched none.
 */
export async function findOrdersByRef(
  refs: readonly string[],
): Promise<{ found: OrderListItem[]; missing: string[] }> {
  const found = new Map<string, OrderListItem>()
  const missing: string[] = []
  const queue = [...refs]
  const worker = async () => {
    for (let ref = queue.shift(); ref !== undefined; ref = queue.shift()) {
      const key = /^\d+$/.test(ref) ? undefined : ('clientOrderNr' as const)
      const answer = await call(endpoints.orders.search, {
        body: { searchTerm: ref, itemsPerPage: 50, currentPage: 1, ...(key ? { key } : {}) },
      })
      const exact = answer.list.filter((o) => o.clientOrderNr === ref || String(o.internalNumericId) === ref)
      if (exact.length === 0) missing.push(ref)
      for (const order of exact) found.set(order._id, order)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, refs.length) }, worker))
  return { found: [...found.values()], missing: refs.filter((r) => missing.includes(r)) }
}
