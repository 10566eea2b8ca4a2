import type { DbOrTx } from '../../../platform/db/database.ts'
import { createOrdersRepository } from '../orders.repository.ts'

/**
 * Names of the records an order points at (couriers, warehouses, users), read once per request: a bulk change
 * of 1,000 orders looks each one up once, not per order.
 */
export function createOrderRefs(db: DbOrTx) {
  const repo = createOrdersRepository(db)
  const memo = <T>(load: (id: string) => Promise<T>) => {
    const cache = new Map<string, Promise<T>>()
    return (id: string) => {
      if (!cache.has(id)) cache.set(id, load(id))
      return cache.get(id)!
    }
  }
  return {
    courier: memo((id) => repo.courier(id)),
    warehouse: memo((id) => repo.warehouse(id)),
    /** An enabled admin or operator (someone an order can be assigned to). */
    assignee: memo(async (id) => (await repo.assignees(id))[0]),
    username: memo((id) => repo.username(id)),
  }
}
export type OrderRefs = ReturnType<typeof createOrderRefs>
