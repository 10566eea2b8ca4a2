import { eq } from 'drizzle-orm'
import { warehouses } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type WarehouseRow = typeof warehouses.$inferSelect

/** The columns an admin sets as a warehouse's sender address and contact (issue 25). */
export type WarehouseAddressValues = Pick<
  WarehouseRow,
  'contactName' | 'phone' | 'email' | 'street' | 'houseNumber' | 'postCode' | 'city'
>

export function createWarehousesRepository(db: DbOrTx) {
  return {
    async one(id: string): Promise<WarehouseRow | undefined> {
      const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id))
      return row
    },

    /** Sets the address; undefined when there is no such warehouse. */
    async setAddress(id: string, values: WarehouseAddressValues): Promise<WarehouseRow | undefined> {
      const [row] = await db.update(warehouses).set(values).where(eq(warehouses.id, id)).returning()
      return row
    },
  }
}
