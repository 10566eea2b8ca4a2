import type { BulkUpdateOrdersBody, BulkUpdateOrdersResult } from '@expedo/domain'
import { can } from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, onOneConnection } from '../../../platform/db/database.ts'
import { refreshStatistics } from '../../../platform/db/statistics.ts'
import { AppError, forbidden, invalid } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { createOrdersRepository, type OrderRow, type Who } from '../orders.repository.ts'
import { applyStatus, checkStatusPermission } from './change-status.ts'
import { createOrderRefs } from './order-refs.ts'
import { bulkFailureReason } from './order-refusal.ts'
import { type OrderFields, updateOrderFields } from './update-order-fields.ts'

type Failed = BulkUpdateOrdersResult['failedOrders'][number]

/**
 * One change for many orders (the list's change-status, warehouse, assign-user and assign-courier modals).
 * The permission and the target are checked once for the whole request (403 / 400); then each order is
 * changed in its own transaction, in the given order, with the order locked FOR UPDATE. An order the caller
 * cannot see fails as 'Order not found' (nothing of another tenant's order is answered); a refused change
 * fails with its reason and the status the order stayed in; the others stay changed. The per-order commits
 * do not wait for the disk one by one: one flush at the end makes them all durable before the answer.
 */
export async function bulkUpdateOrders(
  pool: Db,
  auth: AuthContext,
  body: BulkUpdateOrdersBody,
  who: Who,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<BulkUpdateOrdersResult> {
  // Checked before any connection is held for the run (a refused request takes none for long).
  const fields = await checkBulk(auth, body, createOrderRefs(pool))
  // The orders' transactions, their refs and the closing flush on one connection: once an order is committed,
  // a busy pool can no longer turn the request into a 503 (it did, for orders already changed).
  const result = await onOneConnection(pool, (db) => changeEach(db, auth, body, fields, who))
  refreshStatistics(pool, ['orders'], result.updated, log)
  return result
}

async function changeEach(
  db: Db,
  auth: AuthContext,
  body: BulkUpdateOrdersBody,
  fields: OrderFields,
  who: Who,
): Promise<BulkUpdateOrdersResult> {
  const refs = createOrderRefs(db)
  const failedOrders: Failed[] = []
  let updated = 0
  for (const id of body.orders) {
    let seen: OrderRow | undefined
    try {
      await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx)
        await repo.deferCommitFlush()
        seen = await repo.lock(auth.scope, id)
        if (!seen) throw new AppError('NOT_FOUND', 'Order not found')
        if (body.status) await applyStatus(tx, seen, body.status, who)
        else await updateOrderFields(tx, auth.roles, seen, fields, who, refs)
      })
      updated++
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      failedOrders.push({
        _id: id,
        clientOrderNr: seen?.clientOrderNr ?? '',
        internalNumericId: seen?.internalNumericId ?? null,
        status: seen?.status ?? null,
        message: seen ? error.message : 'Order not found',
        reason: bulkFailureReason(seen !== undefined, error),
      })
    }
  }
  // Durable before the answer says so: one flush for every commit above.
  await db.transaction((tx) => createOrdersRepository(tx).flushCommits())
  const failed = failedOrders.length
  return {
    message: `${updated} ${updated === 1 ? 'order' : 'orders'} updated${failed ? `, ${failed} failed` : ''}`,
    status: body.status ?? null,
    updated,
    failedOrders,
  }
}

/** The request-wide checks: who may make the change, and that the warehouse, courier or user exists. */
async function checkBulk(
  auth: AuthContext,
  body: BulkUpdateOrdersBody,
  refs: ReturnType<typeof createOrderRefs>,
): Promise<OrderFields> {
  if (body.status) {
    checkStatusPermission(auth.roles, body.status)
    return {}
  }
  if (!can(auth.roles, 'orders.process')) {
    throw forbidden('Changing the warehouse, courier or assigned user of orders needs orders.process')
  }
  if (body.shipFrom !== undefined) {
    if (!(await refs.warehouse(body.shipFrom))) throw invalid('shipFrom', 'is not a warehouse')
    return { shipping: { shipFrom: body.shipFrom } }
  }
  if (body.courier !== undefined) {
    if (!(await refs.courier(body.courier))) throw invalid('courier', 'is not a courier')
    return { shipping: { courier: body.courier } }
  }
  if (body.assignedUser && !(await refs.assignee(body.assignedUser))) {
    throw invalid('assignedUser', 'must be an enabled admin or operator')
  }
  return { processing: { assignedUser: body.assignedUser ?? null } }
}
