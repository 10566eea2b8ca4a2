import { eq } from 'drizzle-orm'
import { eshops, shoptetApiTokens } from '../../db/schema/index.ts'
import { type Db, type DbOrTx, poolOf } from '../../platform/db/database.ts'
import { withSessionLock } from '../../platform/db/session-lock.ts'

export interface StoredApiToken {
  token: string
  expiresAt: Date
}

/** The shop's shared API token and the OAuth token it is made from (server-side only). */
export function createShoptetTokensRepository(db: Db) {
  const read = async (q: DbOrTx, eshopId: string): Promise<StoredApiToken | undefined> => {
    const [row] = await q
      .select({ token: shoptetApiTokens.token, expiresAt: shoptetApiTokens.expiresAt })
      .from(shoptetApiTokens)
      .where(eq(shoptetApiTokens.eshopId, eshopId))
    return row
  }
  return {
    read: (eshopId: string) => read(db, eshopId),

    /**
     * Runs `work` holding the shop's token lock: across every API process, one refresh at a time per shop;
     * `work` re-reads the token under the lock before refreshing. Not a transaction (withSessionLock):
     * `work` waits for Shoptet over HTTP.
     */
    withTokenLock<T>(
      eshopId: string,
      work: (locked: {
        read(): Promise<StoredApiToken | undefined>
        oauthToken(): Promise<string | null>
        save(token: StoredApiToken): Promise<void>
      }) => Promise<T>,
    ): Promise<T> {
      return withSessionLock(poolOf(db), `shoptet-token\n${eshopId}`, () =>
        work({
          read: () => read(db, eshopId),
          async oauthToken() {
            const [row] = await db
              .select({ oauth: eshops.oauthAccessToken })
              .from(eshops)
              .where(eq(eshops.id, eshopId))
            return row?.oauth ?? null
          },
          async save({ token, expiresAt }) {
            await db
              .insert(shoptetApiTokens)
              .values({ eshopId, token, expiresAt })
              .onConflictDoUpdate({
                target: shoptetApiTokens.eshopId,
                set: { token, expiresAt, updatedAt: new Date() },
              })
          },
        }),
      )
    },

    /** Forgets the shop's API token (uninstall, a new OAuth token on reinstall). */
    async forget(q: DbOrTx, eshopId: string): Promise<void> {
      await q.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, eshopId))
    },
  }
}
export type ShoptetTokensRepository = ReturnType<typeof createShoptetTokensRepository>
