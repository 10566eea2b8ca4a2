import { type OrderStatus, type TrackingState, transitionKind } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import type { TrackingStatus } from '../../platform/providers/couriers/courier-adapter.ts'
import type { CourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import { applyStatus, logToOrders, type Who } from '../orders/index.ts'
import { createLabelsRepository } from './labels.repository.ts'

/** States in which the courier holds the parcel (it left the warehouse). */
const WITH_COURIER = new Set<TrackingState>([
  'inTransit',
  'readyForPickup',
  'delivered',
  'returning',
  'returned',
])

/**
 * The order's next status for the parcel's state, one step (the domain's transition table decides whether
 * it may be taken): Packed → Shipping once the courier has it; Shipping → Delivered when delivered (a COD
 * order → COD WAITING: the cash is still with the courier), → Not shipped when returned.
 */
export function trackingStep(
  status: OrderStatus,
  state: TrackingState,
  cod: boolean,
): OrderStatus | undefined {
  if (status === 'Packed') return WITH_COURIER.has(state) ? 'Shipping' : undefined
  if (status === 'Shipping') {
    if (state === 'delivered') return cod ? 'COD WAITING' : 'Delivered'
    if (state === 'returned') return 'Not shipped'
  }
  return undefined
}

/**
 * Applies one parcel's status to its order in one transaction: the snapshot stored, a `tracking` change-log
 * line when the state changed, and the status moved step by step through applyStatus (stock, services,
 * invoice and the Shoptet write-back as for a manual change). A step the table refuses is skipped. Answers
 * whether the order reached Shipping (the caller runs the after-shipping tasks).
 */
export async function applyTracking(db: Db, orderId: string, status: TrackingStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    const repo = createLabelsRepository(tx)
    const locked = await repo.lockOrder({ kind: 'all' }, orderId)
    const label = await repo.lockLabel(orderId)
    if (!locked || label?.status !== 'created') return false
    const changed = label.trackingState !== status.state
    await repo.update(orderId, {
      trackingState: status.state,
      trackingText: status.courierText,
      trackingAt: status.at,
      trackingCheckedAt: new Date(),
    })
    if (status.error) return false
    const who: Who = { userId: null, username: label.courier }
    if (changed) {
      await logToOrders(
        tx,
        [
          {
            orderId,
            entry: { event: 'tracking', params: { state: status.state, courierText: status.courierText } },
          },
        ],
        who,
      )
    }
    let order = locked.order
    let shipped = false
    for (;;) {
      const to = trackingStep(order.status as OrderStatus, status.state, order.codApply)
      const kind = to && transitionKind(order.status as OrderStatus, to)
      if (!to || !kind || kind === 'allocation') break
      await applyStatus(tx, order, to, who)
      if (to === 'Shipping') shipped = true
      order = { ...order, status: to }
    }
    return shipped
  })
}

/** Asks each courier about its parcels, `batch` ids a call, and applies the answers; one failure is logged. */
export async function trackParcels(
  deps: { db: Db; couriers: CourierProviders; onError: (err: unknown, courier: string) => void },
  list: { orderId: string; courier: string; trackingId: string }[],
  batch = 50,
): Promise<{ checked: number; shipped: number }> {
  const byCourier = new Map<string, typeof list>()
  for (const item of list) {
    const items = byCourier.get(item.courier)
    if (items) items.push(item)
    else byCourier.set(item.courier, [item])
  }
  let checked = 0
  let shipped = 0
  for (const [courier, items] of byCourier) {
    const adapter = deps.couriers.labelsFor(courier)
    if (!adapter) continue
    for (let i = 0; i < items.length; i += batch) {
      const chunk = items.slice(i, i + batch)
      let statuses: TrackingStatus[]
      try {
        statuses = await adapter.trackingStatuses(chunk.map((c) => c.trackingId))
      } catch (err) {
        deps.onError(err, courier)
        continue
      }
      for (const [n, item] of chunk.entries()) {
        const status = statuses[n]
        if (!status) continue
        checked += 1
        if (await applyTracking(deps.db, item.orderId, status)) shipped += 1
      }
    }
  }
  return { checked, shipped }
}
