import { isStaff, type WarehouseAddress, type WarehouseAddressBody } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { forbidden, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
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

    /**
     * `settings.write` is also a client's (its own profile): of the staff only an admin holds it, so a
     * client is refused here, whatever warehouse it names.
     */
    async setAddress(auth: AuthContext, id: string, body: WarehouseAddressBody): Promise<WarehouseAddress> {
      if (!isStaff(auth.roles)) throw forbidden()
      const row = await repo.setAddress(id, body)
      if (!row) throw notFound('Warehouse')
      return toWarehouseAddress(row)
    },
  }
}
export type WarehousesService = ReturnType<typeof createWarehousesService>
