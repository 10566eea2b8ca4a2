import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import type { ShoptetApi } from '../../../platform/providers/shoptet/index.ts'
import { createShoptetOrdersRepository } from '../shoptet-orders.repository.ts'

/** Shoptet keeps at most 32 characters of a tracking number (shoptet.md §10.3). */
export const TRACKING_NUMBER_MAX = 32

/**
 * The shipped imported orders' write-backs (eshop_tracking_requests, written in the shipping transaction):
 * for each, `PATCH /api/orders/{code}/notes {trackingNumber}` when the order has one, then
 * `PATCH /api/orders/{code}/status` with the status chosen in the connection's settings and its suppress
 * flags; the request is deleted once both calls succeeded. A connection that was uninstalled or switched off
 * drops its requests. A failure keeps the request for a later attempt (back-off in the repository). Each
 * request is leased to one process at a time; doing one twice changes nothing.
 */
export async function writeBackTracking(
  deps: { db: Db; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  apiFor: (eshopId: string) => Promise<ShoptetApi>,
): Promise<number> {
  const pending = await createShoptetOrdersRepository(deps.db).trackingRequests()
  let written = 0
  const apis = new Map<string, Promise<ShoptetApi>>()
  for (const request of pending) {
    const { eshopId, code } = request
    const repo = createShoptetOrdersRepository(deps.db)
    try {
      if (!(await repo.claimTrackingRequest(request.orderId))) continue
      const connection = eshopId ? await repo.connection(eshopId) : undefined
      if (!connection || !code || !connection.isActive || connection.uninstalledAt) {
        await repo.trackingDone(request.orderId)
        continue
      }
      if (!apis.has(connection.id)) apis.set(connection.id, apiFor(connection.id))
      const api = await apis.get(connection.id)!
      const tracking = request.trackingId.trim().slice(0, TRACKING_NUMBER_MAX)
      if (tracking) await api.updateOrderNotes(code, { trackingNumber: tracking })
      if (connection.shippedStatusId !== null) {
        await api.updateOrderStatus(
          code,
          { statusId: connection.shippedStatusId },
          {
            suppressEmailSending: connection.suppressEmailSending,
            suppressDocumentGeneration: connection.suppressDocumentGeneration,
          },
        )
      }
      await repo.trackingDone(request.orderId)
      written++
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      await repo.trackingFailed(request.orderId, reason)
      deps.log.warn({ orderId: request.orderId, eshopId, reason }, 'tracking write-back failed')
    }
  }
  return written
}
