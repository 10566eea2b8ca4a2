import { can, type OrderStatus, orderActionTarget, type Role, transitionKind } from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { forbidden } from '../../../platform/http/app-error.ts'
import { labelApiOf } from '../../../platform/providers/couriers/courier-providers.ts'
import { recordOrderShipped } from '../../services/index.ts'
import { createOrdersRepository, type OrderInsert, type OrderRow, type Who } from '../orders.repository.ts'
import { allocateIfAutomatic, release } from './allocate-order.ts'
import { assignDefaultCourier } from './assign-courier.ts'
import { claimOrderNumber, holdsNumber } from './order-number.ts'
import { OrderRefusal } from './order-refusal.ts'
import { shipOrder } from './ship-order.ts'

/** Targets of the client actions (Validate, Set to Draft, Cancel) need orders.write; the rest orders.process. */
const clientTargets = new Set<OrderStatus>(Object.values(orderActionTarget))

/** 403 unless the roles may move an order to `to` (client actions: orders.write; warehouse flow: orders.process). */
export function checkStatusPermission(roles: readonly Role[], to: OrderStatus): void {
  const needed = clientTargets.has(to) ? 'orders.write' : 'orders.process'
  if (!can(roles, needed)) throw forbidden(`Changing an order to '${to}' needs ${needed}`)
}

export const invalidTransition = (from: string, to: string) =>
  new OrderRefusal(
    'invalidTransition',
    'INVALID_TRANSITION',
    `An order in status '${from}' cannot change to '${to}'`,
  )

/**
 * One status change inside the caller's transaction (the order locked), with its effects: Draft and Canceled
 * release blocked stock, New assigns the default courier and allocates, Shipping turns the blocks into
 * outbound movements and records the order's services; and its change-log row.
 */
export async function applyStatus(tx: Tx, order: OrderRow, to: OrderStatus, who: Who): Promise<void> {
  const repo = createOrdersRepository(tx)
  const from = order.status as OrderStatus
  const kind = transitionKind(from, to)
  // Allocation's own transitions are the server's, never a caller's.
  if (!kind || kind === 'allocation') throw invalidTransition(from, to)
  // Validate of a Draft: the order takes its number back, unless another active order has it now.
  if (!holdsNumber(from) && holdsNumber(to)) await claimOrderNumber(repo, order)
  // Taken out during picking: the wave's picker sees it, and picked goods wait to go back to a location. Its
  // wave lines are locked before the cards (as a pick locks them: order, line, card), so no deadlock.
  if (from === 'Product Picking' && (to === 'Draft' || to === 'Canceled')) await repo.leavePicking(order.id)
  const released = to === 'Draft' || to === 'Canceled' ? await release(repo, order.id) : 0
  if (to === 'Shipping') {
    await shipOrder(tx, repo, order, who)
    await repo.requestInvoiceIfAutomatic(order.id)
    // An order from a connected e-shop: its tracking number goes back to the shop after the commit.
    await repo.requestTrackingWriteBack(order.id)
    // The billable services of the shipment (fulfilment, transport, COD …), once per order.
    await recordOrderShipped(tx, order.id)
  }
  // Packed: the courier's label is asked for; the `courier-label` job creates it after the commit.
  if (to === 'Packed') await repo.requestCourierLabel(order, (courier) => labelApiOf(courier) !== undefined)
  await repo.setStatus(order.id, to, released ? null : undefined)
  await repo.log(
    order.id,
    { event: 'statusChanged', params: { from, to, ...(released ? { stock: 'released' as const } : {}) } },
    who,
  )
  if (to === 'New') {
    const validated = { ...order, status: 'New', warehouseId: released ? null : order.warehouseId }
    await assignDefaultCourier(repo, validated, who)
    await allocateIfAutomatic(repo, validated, who, { warehouseId: validated.warehouseId })
  }
}

/** Targets whose change has effects beyond the status and its log line (stock, numbers, courier, services). */
const effectfulTargets = new Set<OrderStatus>(['Draft', 'Canceled', 'Shipping', 'New'])
const CHUNK = 5000

/**
 * The same status change for many orders already locked by the caller, set-based: the transition checked
 * per order (INVALID_TRANSITION as applyStatus), then one UPDATE and one change-log INSERT per chunk. A
 * target with effects goes through applyStatus order by order. `also`: columns the caller changes in the
 * same write (e.g. the COD transfer an order joins), so each order is written once.
 */
export async function applyStatusToMany(
  tx: Tx,
  list: OrderRow[],
  to: OrderStatus,
  who: Who,
  also: Partial<OrderInsert> = {},
): Promise<void> {
  const repo = createOrdersRepository(tx)
  const one = async (order: OrderRow) => {
    if (Object.keys(also).length) await repo.update(order.id, also)
    await applyStatus(tx, order, to, who)
  }
  if (effectfulTargets.has(to)) {
    for (const order of list) await one(order)
    return
  }
  const byFrom = new Map<OrderStatus, string[]>()
  for (const order of list) {
    const from = order.status as OrderStatus
    const kind = transitionKind(from, to)
    if (!kind || kind === 'allocation') throw invalidTransition(from, to)
    if (!holdsNumber(from) && holdsNumber(to)) {
      await one(order)
      continue
    }
    const ids = byFrom.get(from)
    if (ids) ids.push(order.id)
    else byFrom.set(from, [order.id])
  }
  for (const [from, ids] of byFrom) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK)
      await repo.setStatusMany(chunk, to, also)
      await repo.logMany(chunk, { event: 'statusChanged', params: { from, to } }, who)
    }
  }
}
