import { eq } from 'drizzle-orm'
import { eshops, orders } from '../src/db/schema/index.ts'
import { createShoptetAccess } from '../src/features/eshops/index.ts'
import { SHOPTET_SIGNATURE_HEADER, signWebhookBody } from '../src/platform/providers/shoptet/index.ts'
import type { TestApp } from './app.ts'
import { orderDesk } from './order-fixtures.ts'
import type { ShoptetTestbed } from './shoptet.ts'

/** The webhook URL the tests register: nothing listens there, so the fake records each signed delivery. */
export const UNREACHABLE_WEBHOOK_URL = 'http://127.0.0.1:9/api/shoptet/webhooks'

/**
 * A business client with stocked products, a fake Shoptet shop selling them under the same SKUs, installed
 * (the OAuth code exchanged), an active connection with order import on, a webhook signature key and the
 * order webhooks registered (to a URL nothing listens on: the fake keeps each signed delivery).
 */
export async function connectedShop(
  t: TestApp,
  bed: ShoptetTestbed,
  options: { stock?: number; products?: number; settings?: Partial<typeof eshops.$inferInsert> } = {},
) {
  const tenant = await t.tenantWithApi()
  const desk = await orderDesk(t)
  const products = []
  for (let i = 0; i < (options.products ?? 2); i++)
    products.push(await desk.stocked(tenant.client.id, options.stock ?? 50))
  const shop = bed.fake.createShop({
    url: `https://${t.factory.unique('shop')}.myshoptet.test`,
    products: products.map((p) => ({ name: p.name, variants: [{ code: p.sku, price: 199 }] })),
  })
  const installation = await bed.installShop(shop.eshopId)
  const [eshop] = await t.db
    .insert(eshops)
    .values({
      businessclientId: tenant.client.id,
      eshopUrl: installation.eshopUrl,
      shoptetEshopId: installation.eshopId,
      isActive: true,
      importOrdersEnabled: true,
      oauthAccessToken: installation.oauthAccessToken,
      installedAt: new Date(Date.now() - 60_000),
      activatedAt: new Date(Date.now() - 60_000),
      ...options.settings,
    })
    .returning()
  const api = createShoptetAccess({ db: t.db, shoptet: bed.cfg }).shoptetApiFor(eshop!.id)
  const { signatureKey } = await api.renewSignatureKey()
  await t.db.update(eshops).set({ webhookSignatureKey: signatureKey }).where(eq(eshops.id, eshop!.id))
  await api.registerWebhooks(
    ['order:create', 'order:update', 'order:delete'].map((event) => ({
      event,
      url: UNREACHABLE_WEBHOOK_URL,
    })),
  )
  return { tenant, desk, products, shop, eshop: eshop!, api, signatureKey, shoptetEshopId: shop.eshopId }
}
export type ConnectedShop = Awaited<ReturnType<typeof connectedShop>>

/** POSTs a webhook body (as bytes) with a signature header, as Shoptet does. */
export function deliver(t: TestApp, body: string, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shoptet/webhooks',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [SHOPTET_SIGNATURE_HEADER]: signature }),
    },
    payload: body,
  })
}

/** A webhook body for the shop, signed with `key`. */
export function signedDelivery(shoptetEshopId: number, event: string, eventInstance: string, key: string) {
  const body = JSON.stringify({
    eshopId: shoptetEshopId,
    event,
    eventCreated: new Date().toISOString().replace(/\.\d{3}Z$/, '+0000'),
    eventInstance,
  })
  return { body, signature: signWebhookBody(body, key) }
}

/** The Expedo orders imported from the shop (by its code). */
export async function importedOrders(t: TestApp, eshopId: string) {
  return t.db.select().from(orders).where(eq(orders.eshopId, eshopId))
}
