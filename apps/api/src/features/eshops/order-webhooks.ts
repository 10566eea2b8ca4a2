import { SHOPTET_ORDER_WEBHOOK_EVENTS, SHOPTET_WEBHOOK_PATH } from '@expedo/domain'
import type { ShoptetApi } from '../../platform/providers/shoptet/index.ts'

const orderEvents: readonly string[] = SHOPTET_ORDER_WEBHOOK_EVENTS

export const webhookUrlOf = (publicUrl: string) => `${publicUrl}/api${SHOPTET_WEBHOOK_PATH}`

/**
 * Registers order:create, order:update and order:delete to our intake URL. Shoptet keeps one URL per event:
 * one already pointing elsewhere is replaced, one already ours is kept (a repeat changes nothing).
 */
export async function registerOrderWebhooks(api: ShoptetApi, url: string): Promise<void> {
  const existing = await api.listWebhooks()
  const ours = new Set(existing.filter((w) => w.url === url).map((w) => w.event))
  for (const w of existing) {
    if (orderEvents.includes(w.event) && w.url !== url) await api.deleteWebhook(w.id)
  }
  const missing = orderEvents.filter((event) => !ours.has(event))
  if (missing.length) await api.registerWebhooks(missing.map((event) => ({ event, url })))
}

/** Removes every order webhook of the installation (whatever its URL). */
export async function removeOrderWebhooks(api: ShoptetApi): Promise<void> {
  const existing = await api.listWebhooks()
  for (const w of existing) if (orderEvents.includes(w.event)) await api.deleteWebhook(w.id)
}
