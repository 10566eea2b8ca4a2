import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import { AppError } from '../../../platform/http/app-error.ts'
import { type ShoptetApi, ShoptetError } from '../../../platform/providers/shoptet/index.ts'
import { type Connection, createShoptetOrdersRepository } from '../shoptet-orders.repository.ts'
import { cancelShoptetOrder, importShoptetOrder } from './import-shoptet-order.ts'

export interface DeliveriesResult {
  processed: number
  failed: number
}

const orderEvents = new Set(['order:create', 'order:update'])

/**
 * The shop's stored webhook deliveries, oldest event first, each once (processed_at): order:create|update
 * import the order (re-read from Shoptet: the body carries only its code), order:delete cancels it while it
 * may be canceled, addon:uninstall closes the connection (§10.9); other events are recorded and ignored.
 * Order events while import is off are ignored too. Shoptet failing (retryable) leaves the delivery waiting
 * and throws, so the job is retried with back-off; a delivery Expedo refuses is done with its error.
 */
export async function processDeliveries(
  deps: { db: Db; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  eshopId: string,
  apiFor: () => Promise<ShoptetApi>,
): Promise<DeliveriesResult> {
  const repo = createShoptetOrdersRepository(deps.db)
  const result: DeliveriesResult = { processed: 0, failed: 0 }
  let api: ShoptetApi | undefined
  const shoptet = async () => {
    api ??= await apiFor()
    return api
  }
  for (;;) {
    const pending = await repo.pendingDeliveries(eshopId)
    if (!pending.length) return result
    for (const delivery of pending) {
      const connection = await repo.connection(eshopId)
      if (!connection) return result
      try {
        const note = await processOne(deps.db, connection, delivery, shoptet)
        await repo.deliveryDone(delivery.id, note)
        result.processed++
      } catch (error) {
        if (error instanceof AppError || (error instanceof ShoptetError && !error.retryable)) {
          await repo.deliveryDone(delivery.id, error.message)
          result.failed++
          continue
        }
        await repo.deliveryFailed(delivery.id, error instanceof Error ? error.message : String(error))
        throw error
      }
    }
  }
}

/** One delivery; answers a note kept with it (why it was ignored), or null. */
async function processOne(
  db: Db,
  connection: Connection,
  delivery: { event: string; eventInstance: string },
  shoptet: () => Promise<ShoptetApi>,
): Promise<string | null> {
  const { event, eventInstance: code } = delivery
  if (event === 'addon:uninstall') {
    await createShoptetOrdersRepository(db).uninstall(connection.id)
    return null
  }
  if (!orderEvents.has(event) && event !== 'order:delete') return 'ignored: not an order event'
  if (!(await createShoptetOrdersRepository(db).isImporting(connection.id)))
    return 'ignored: order import is off'
  if (event === 'order:delete') {
    const canceled = await cancelShoptetOrder(db, connection, code)
    return canceled === 'refused' ? 'the order can no longer be canceled' : null
  }
  const outcome = await importShoptetOrder(db, connection, await shoptet(), code)
  return outcome.action === 'skipped' ? `skipped: ${outcome.reason}` : null
}
