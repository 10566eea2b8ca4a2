import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { businessClients, eshops, shoptetApiTokens, users } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type EshopRow = typeof eshops.$inferSelect
export type EshopChanges = Partial<Omit<typeof eshops.$inferInsert, 'id' | 'businessclientId' | 'createdAt'>>
export type UserRowOfEshops = typeof users.$inferSelect

const withClientName = { eshop: eshops, businessclientName: businessClients.name }

export function createEshopsRepository(db: DbOrTx) {
  return {
    list(scope: TenantScope, businessclientId: string | undefined) {
      return db
        .select(withClientName)
        .from(eshops)
        .innerJoin(businessClients, eq(businessClients.id, eshops.businessclientId))
        .where(
          and(
            tenantCondition(scope, eshops.businessclientId),
            businessclientId ? eq(eshops.businessclientId, businessclientId) : undefined,
          ),
        )
        .orderBy(asc(eshops.eshopUrl), asc(eshops.id))
        .limit(1000)
    },

    /** The connection if the caller may see it (a foreign one is undefined: the route answers 404). */
    async find(scope: TenantScope, id: string) {
      const [row] = await db
        .select(withClientName)
        .from(eshops)
        .innerJoin(businessClients, eq(businessClients.id, eshops.businessclientId))
        .where(and(eq(eshops.id, id), tenantCondition(scope, eshops.businessclientId)))
      return row
    },

    /** The connections of a business client that can talk to Shoptet (installed, not uninstalled). */
    connectedOf(businessclientId: string) {
      return db
        .select()
        .from(eshops)
        .where(
          and(
            eq(eshops.businessclientId, businessclientId),
            isNull(eshops.uninstalledAt),
            sql`${eshops.oauthAccessToken} is not null`,
          ),
        )
        .orderBy(asc(eshops.createdAt))
    },

    async byShoptetEshopId(shoptetEshopId: number): Promise<EshopRow | undefined> {
      const [row] = await db.select().from(eshops).where(eq(eshops.shoptetEshopId, shoptetEshopId))
      return row
    },

    /** A connection of that shop URL not yet tied to a Shoptet id (e.g. entered by hand before the add-on). */
    async unboundByUrl(url: string): Promise<EshopRow | undefined> {
      const [row] = await db
        .select()
        .from(eshops)
        .where(
          and(
            isNull(eshops.shoptetEshopId),
            sql`lower(rtrim(${eshops.eshopUrl}, '/')) = lower(rtrim(${url}, '/'))`,
          ),
        )
        .orderBy(asc(eshops.createdAt))
        .limit(1)
      return row
    },

    async byActivationKeyHash(hash: string, forUpdate = false): Promise<EshopRow | undefined> {
      const query = db.select().from(eshops).where(eq(eshops.activationKeyHash, hash))
      const [row] = await (forUpdate ? query.for('update') : query)
      return row
    },

    async insert(values: typeof eshops.$inferInsert): Promise<EshopRow> {
      const [row] = await db.insert(eshops).values(values).returning()
      return row!
    },

    async update(id: string, changes: EshopChanges): Promise<EshopRow> {
      const [row] = await db.update(eshops).set(changes).where(eq(eshops.id, id)).returning()
      return row!
    },

    async forgetApiToken(eshopId: string): Promise<void> {
      await db.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, eshopId))
    },

    /** Holds the shop's install lock for the transaction: two installs of one shop run one after the other. */
    async lockShop(shoptetEshopId: number): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`shoptet-install\n${shoptetEshopId}`}, 0))`,
      )
    },

    // The install creates the business client and its user when the shop is new to us (one transaction).
    async insertBusinessClient(name: string): Promise<string> {
      const [row] = await db.insert(businessClients).values({ name }).returning({ id: businessClients.id })
      return row!.id
    },
    async userByUsername(username: string): Promise<UserRowOfEshops | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`)
      return row
    },
    async userById(id: string): Promise<UserRowOfEshops | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    async insertUser(values: typeof users.$inferInsert): Promise<UserRowOfEshops> {
      const [row] = await db.insert(users).values(values).returning()
      return row!
    },
    async updateUser(id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRowOfEshops> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning()
      return row!
    },
  }
}
export type EshopsRepository = ReturnType<typeof createEshopsRepository>
