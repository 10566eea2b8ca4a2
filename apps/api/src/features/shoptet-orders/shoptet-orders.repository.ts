import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import {
  eshops,
  eshopTrackingRequests,
  orders,
  products,
  shoptetApiTokens,
  shoptetInvoices,
  shoptetWebhookDeliveries,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type EshopRow = typeof eshops.$inferSelect
export type DeliveryRow = typeof shoptetWebhookDeliveries.$inferSelect

/** A connection as the order import reads it (never its credentials beyond what a caller needs). */
export const connectionColumns = {
  id: eshops.id,
  businessclientId: eshops.businessclientId,
  eshopUrl: eshops.eshopUrl,
  shoptetEshopId: eshops.shoptetEshopId,
  isActive: eshops.isActive,
  importOrdersEnabled: eshops.importOrdersEnabled,
  importOrdersOnlySelectedProducts: eshops.importOrdersOnlySelectedProducts,
  invoicing: eshops.invoicing,
  shippedStatusId: eshops.shippedStatusId,
  suppressEmailSending: eshops.suppressEmailSending,
  suppressDocumentGeneration: eshops.suppressDocumentGeneration,
  ordersCursor: eshops.ordersCursor,
  invoicesCursor: eshops.invoicesCursor,
  lastSyncAt: eshops.lastSyncAt,
  activatedAt: eshops.activatedAt,
  installedAt: eshops.installedAt,
  createdAt: eshops.createdAt,
  uninstalledAt: eshops.uninstalledAt,
}
/** Imports on: the connection is active, installed and has order import switched on. */
const importing = and(
  eq(eshops.isActive, true),
  eq(eshops.importOrdersEnabled, true),
  isNull(eshops.uninstalledAt),
  isNotNull(eshops.oauthAccessToken),
)

export function createShoptetOrdersRepository(db: DbOrTx) {
  return {
    async connection(id: string) {
      const [row] = await db.select(connectionColumns).from(eshops).where(eq(eshops.id, id))
      return row
    },

    /** The shop's webhook key by its Shoptet eshopId (the delivery's body names it); none: not ours. */
    async signatureKeyOf(shoptetEshopId: number) {
      const [row] = await db
        .select({ id: eshops.id, key: eshops.webhookSignatureKey })
        .from(eshops)
        .where(and(eq(eshops.shoptetEshopId, shoptetEshopId), isNull(eshops.uninstalledAt)))
      return row?.key ? { eshopId: row.id, key: row.key } : undefined
    },

    /** The connections the 2-minute pull serves. */
    async importingIds(): Promise<string[]> {
      const rows = await db.select({ id: eshops.id }).from(eshops).where(importing).orderBy(asc(eshops.id))
      return rows.map((r) => r.id)
    },

    async isImporting(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: eshops.id })
        .from(eshops)
        .where(and(eq(eshops.id, id), importing))
      return Boolean(row)
    },

    /** Stores a verified delivery; a replay of the same (eshop, event, instance, created) is the same row. */
    async storeDelivery(d: {
      eshopId: string
      event: string
      eventInstance: string
      eventCreated: Date
      body: unknown
    }): Promise<boolean> {
      const rows = await db
        .insert(shoptetWebhookDeliveries)
        .values(d)
        .onConflictDoNothing()
        .returning({ id: shoptetWebhookDeliveries.id })
      return rows.length > 0
    },

    /** The shop's deliveries not processed yet, oldest event first. */
    pendingDeliveries(eshopId: string, limit = 100): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(shoptetWebhookDeliveries)
        .where(
          and(eq(shoptetWebhookDeliveries.eshopId, eshopId), isNull(shoptetWebhookDeliveries.processedAt)),
        )
        .orderBy(asc(shoptetWebhookDeliveries.eventCreated), asc(shoptetWebhookDeliveries.receivedAt))
        .limit(limit)
    },

    /** The shops with deliveries waiting (the minutely sweep's work). */
    async shopsWithPendingDeliveries(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ eshopId: shoptetWebhookDeliveries.eshopId })
        .from(shoptetWebhookDeliveries)
        .where(isNull(shoptetWebhookDeliveries.processedAt))
      return rows.map((r) => r.eshopId)
    },

    async deliveryDone(id: string, error: string | null = null): Promise<void> {
      await db
        .update(shoptetWebhookDeliveries)
        .set({ processedAt: sql`now()`, error, attempts: sql`${shoptetWebhookDeliveries.attempts} + 1` })
        .where(eq(shoptetWebhookDeliveries.id, id))
    },

    async deliveryFailed(id: string, error: string): Promise<void> {
      await db
        .update(shoptetWebhookDeliveries)
        .set({ error, attempts: sql`${shoptetWebhookDeliveries.attempts} + 1` })
        .where(eq(shoptetWebhookDeliveries.id, id))
    },

    /** The business client's products with these SKUs (the Shoptet item codes). */
    productsBySku(businessclientId: string, skus: string[]) {
      if (!skus.length) return Promise.resolve([])
      return db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          weight: products.weightGrams,
          allowImportOrders: products.allowImportOrders,
        })
        .from(products)
        .where(and(eq(products.businessclientId, businessclientId), inArray(products.sku, skus)))
    },

    async setCursor(id: string, cursor: Date): Promise<void> {
      await db.update(eshops).set({ ordersCursor: cursor }).where(eq(eshops.id, id))
    },

    async setInvoicesCursor(id: string, cursor: Date): Promise<void> {
      await db.update(eshops).set({ invoicesCursor: cursor }).where(eq(eshops.id, id))
    },

    /** Shoptet's invoice as listed now (a repeated read changes nothing but its sync time). */
    async upsertInvoice(
      connection: { id: string; businessclientId: string },
      invoice: {
        code: string
        orderCode: string | null
        varSymbol: string | null
        isValid: boolean
        issuedAt: Date | null
        dueDate: string | null
        taxDate: string | null
        total: string | null
        currency: string
        paid: boolean | null
      },
    ): Promise<void> {
      const values = { ...invoice, deletedAt: null, syncedAt: sql`now()` }
      await db
        .insert(shoptetInvoices)
        .values({ eshopId: connection.id, businessclientId: connection.businessclientId, ...values })
        .onConflictDoUpdate({ target: [shoptetInvoices.eshopId, shoptetInvoices.code], set: values })
    },

    /** Deleted at Shoptet (or no longer found there): kept, not shown. */
    async invoiceGone(eshopId: string, code: string): Promise<void> {
      await db
        .update(shoptetInvoices)
        .set({ deletedAt: sql`now()`, syncedAt: sql`now()` })
        .where(and(eq(shoptetInvoices.eshopId, eshopId), eq(shoptetInvoices.code, code)))
    },

    /** The order's shop and Shoptet code, when the scope may see the order. */
    async importedOrder(scope: TenantScope, orderId: string) {
      const [row] = await db
        .select({ eshopId: orders.eshopId, eshopOrderCode: orders.eshopOrderCode })
        .from(orders)
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
      return row
    },

    async syncSucceeded(id: string): Promise<void> {
      await db.update(eshops).set({ lastSyncAt: sql`now()`, failCount: 0 }).where(eq(eshops.id, id))
    },

    /** A failure of the sync (the whole pull, or one order of it): kept for the settings screen. */
    async syncFailed(id: string, error: string, countsAsFailure = true): Promise<void> {
      await db
        .update(eshops)
        .set({
          lastError: error.slice(0, 1000),
          lastErrorAt: sql`now()`,
          ...(countsAsFailure ? { failCount: sql`${eshops.failCount} + 1` } : {}),
        })
        .where(eq(eshops.id, id))
    },

    /**
     * addon:uninstall (shoptet.md §10.9): the tokens and the webhook key are deleted, the connection is
     * inactive and its pulls stop; a reinstall comes with a new code.
     */
    async uninstall(id: string): Promise<void> {
      await db.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, id))
      await db
        .update(eshops)
        .set({
          isActive: false,
          oauthAccessToken: null,
          webhookSignatureKey: null,
          uninstalledAt: sql`now()`,
        })
        .where(eq(eshops.id, id))
    },

    /** The write-backs waiting (shipped imported orders), oldest first, with what the call needs. */
    trackingRequests(limit = 100) {
      return db
        .select({
          orderId: eshopTrackingRequests.orderId,
          attempts: eshopTrackingRequests.attempts,
          eshopId: orders.eshopId,
          code: orders.eshopOrderCode,
          trackingId: orders.trackingId,
        })
        .from(eshopTrackingRequests)
        .innerJoin(orders, eq(orders.id, eshopTrackingRequests.orderId))
        .where(lt(eshopTrackingRequests.nextAttemptAt, sql`now()`))
        .orderBy(asc(eshopTrackingRequests.createdAt))
        .limit(limit)
    },

    /**
     * Takes one request for this process for a few minutes (a lease: another process skips it meanwhile, and
     * a process that dies leaves it to be taken again). No transaction stays open during Shoptet's calls.
     */
    async claimTrackingRequest(orderId: string): Promise<boolean> {
      const rows = await db
        .update(eshopTrackingRequests)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
        .where(
          and(
            eq(eshopTrackingRequests.orderId, orderId),
            lt(eshopTrackingRequests.nextAttemptAt, sql`now()`),
          ),
        )
        .returning({ orderId: eshopTrackingRequests.orderId })
      return rows.length > 0
    },

    async trackingDone(orderId: string): Promise<void> {
      await db.delete(eshopTrackingRequests).where(eq(eshopTrackingRequests.orderId, orderId))
    },

    /** Tried again after a back-off that doubles with each attempt (1 minute up to an hour). */
    async trackingFailed(orderId: string, error: string): Promise<void> {
      await db
        .update(eshopTrackingRequests)
        .set({
          attempts: sql`${eshopTrackingRequests.attempts} + 1`,
          lastError: error.slice(0, 1000),
          nextAttemptAt: sql`now() + least(interval '1 hour', interval '1 minute' * power(2, ${eshopTrackingRequests.attempts}))`,
        })
        .where(eq(eshopTrackingRequests.orderId, orderId))
    },
  }
}
export type ShoptetOrdersRepository = ReturnType<typeof createShoptetOrdersRepository>
export type Connection = NonNullable<Awaited<ReturnType<ShoptetOrdersRepository['connection']>>>
