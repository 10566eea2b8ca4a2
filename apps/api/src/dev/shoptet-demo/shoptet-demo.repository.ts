import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { eshops, inventoryCards, orders, products, shoptetApiTokens, users } from '../../db/schema/index.ts'
import type { Db } from '../../platform/db/database.ts'

/** What the demo's Shoptet connection reads and writes (dev only). */
export function createShoptetDemoRepository(db: Db) {
  return {
    /** The demo client user's business client and its (first) e-shop connection. */
    async connectionOf(username: string) {
      const [row] = await db
        .select({
          id: eshops.id,
          businessclientId: eshops.businessclientId,
          eshopUrl: eshops.eshopUrl,
          shoptetEshopId: eshops.shoptetEshopId,
          activatedAt: eshops.activatedAt,
        })
        .from(users)
        .innerJoin(eshops, eq(eshops.businessclientId, users.businessclientId))
        .where(eq(users.username, username))
        .orderBy(asc(eshops.createdAt), asc(eshops.id))
        .limit(1)
      return row
    },

    /** The client's products that allow import and have stock, the most available first. */
    stockedProducts(businessclientId: string, limit: number) {
      return db
        .select({ sku: products.sku, name: products.name, weight: products.weightGrams })
        .from(products)
        .innerJoin(
          inventoryCards,
          and(
            eq(inventoryCards.businessclientId, products.businessclientId),
            eq(inventoryCards.sku, products.sku),
          ),
        )
        .where(
          and(
            eq(products.businessclientId, businessclientId),
            eq(products.allowImportOrders, true),
            gt(inventoryCards.available, 20),
          ),
        )
        .orderBy(desc(inventoryCards.available), asc(products.sku))
        .limit(limit)
    },

    /** The connection installed and activated again, with order import on (its stale API token dropped). */
    async connect(
      id: string,
      values: { shoptetEshopId: number; oauthAccessToken: string; contactEmail: string },
    ) {
      await db.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, id))
      await db
        .update(eshops)
        .set({
          ...values,
          isActive: true,
          importOrdersEnabled: true,
          importOrdersAll: true,
          importOrdersOnlySelectedProducts: false,
          // A shipped order becomes Vyřízena in the shop, the status Shoptet issues its invoice in (seen when
          // the demo's merchant picks Shoptet invoices).
          shippedStatusId: sql`coalesce(${eshops.shippedStatusId}, -3)`,
          installedAt: sql`now()`,
          activatedAt: sql`coalesce(${eshops.activatedAt}, now())`,
          uninstalledAt: null,
        })
        .where(eq(eshops.id, id))
    },

    async setSignatureKey(id: string, key: string) {
      await db.update(eshops).set({ webhookSignatureKey: key }).where(eq(eshops.id, id))
    },

    /** The highest numeric Shoptet order code imported from the connection (0 when none). */
    async lastOrderNumber(id: string): Promise<number> {
      const [row] = await db
        .select({
          n: sql<string>`coalesce(max(case when ${orders.eshopOrderCode} ~ '^[0-9]{1,15}$' then ${orders.eshopOrderCode}::bigint end), 0)`,
        })
        .from(orders)
        .where(eq(orders.eshopId, id))
      return Number(row?.n ?? 0)
    },
  }
}
