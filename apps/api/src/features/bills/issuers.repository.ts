import { asc, eq } from 'drizzle-orm'
import { issuers } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type IssuerRow = typeof issuers.$inferSelect
export type IssuerValues = Omit<typeof issuers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** The provider's issuers (not tenant data: staff only, by the permission of the route). */
export function createIssuersRepository(db: DbOrTx) {
  return {
    list: (): Promise<IssuerRow[]> => db.select().from(issuers).orderBy(asc(issuers.country)),

    async get(id: string): Promise<IssuerRow | undefined> {
      const [row] = await db.select().from(issuers).where(eq(issuers.id, id))
      return row
    },

    async byCountry(country: string): Promise<IssuerRow | undefined> {
      const [row] = await db.select().from(issuers).where(eq(issuers.country, country))
      return row
    },

    /** Undefined when the country has an issuer already. */
    async insert(values: IssuerValues): Promise<IssuerRow | undefined> {
      const [row] = await db.insert(issuers).values(values).onConflictDoNothing().returning()
      return row
    },

    async update(id: string, values: IssuerValues): Promise<IssuerRow | undefined> {
      const [row] = await db
        .update(issuers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(issuers.id, id))
        .returning()
      return row
    },
  }
}
