import type { WarehouseAddress, WarehouseAddressBody } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { notFound } from '../../platform/http/app-error.ts'
import { toWarehouseAddress } from './warehouse-address.ts'
import { createWarehousesRepository } from './warehouses.repository.ts'

/** A warehouse's sender address (issue 25): the floor staff read it, an admin sets it. */
export function createWarehousesService(deps: { db: Db }) {
  const repo = createWarehousesRepository(deps.db)
  return {
    async address(id: string): Promise<WarehouseAddress> {
      const row = await repo.one(id)
      if (!row) throw notFound('Warehouse')
      return toWarehouseAddress(row)
    },

    /** Only an admin holds `warehouses.write` (the route's guard). */
    async setAddress(id: string, body: WarehouseAddressBody): Promise<WarehouseAddress> {
      const row = await repo.setAddress(id, body)
      if (!row) throw notFound('Warehouse')
      return toWarehouseAddress(row)
    },
  }
}
export type WarehousesService = ReturnType<typeof createWarehousesService>
