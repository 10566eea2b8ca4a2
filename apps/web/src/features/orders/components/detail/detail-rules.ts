import { isBeforePicking, type OrderStatus, orderTransitions } from '@expedo/domain'
import { can, type Role } from '@expedo/domain/auth/permissions'

/** The warehouse-flow statuses an operator may move the order to now, in the transition table's order. */
export function warehouseSteps(status: OrderStatus): OrderStatus[] {
  return Object.entries(orderTransitions[status] ?? {})
    .filter(([, kind]) => kind === 'warehouse')
    .map(([to]) => to as OrderStatus)
}

/** What the signed-in user may do on the detail screen (the server checks the same on every call). */
export interface DetailRights {
  /** Edit fields: clients (orders.write) and warehouse staff (orders.process). */
  canEdit: boolean
  /** The client actions Validate, Draft, Cancel, and Duplicate and product lines (orders.write). */
  canWrite: boolean
  /** The warehouse flow and the ship-from warehouse (orders.process). */
  canProcess: boolean
  /** Request a refund of the order (refunds.write). */
  canRefund: boolean
}

export function detailRights(roles: readonly Role[]): DetailRights {
  const canWrite = can(roles, 'orders.write')
  const canProcess = can(roles, 'orders.process')
  return { canEdit: canWrite || canProcess, canWrite, canProcess, canRefund: can(roles, 'refunds.write') }
}

/**
 * Which fields the user may change on this order now, mirroring the server's field rules (a refused field
 * answers 403, which would end the session, or 409): nothing on a Canceled order; addresses, COD, courier
 * and items only before picking; warehouse and the shipping details (price, date, tracking, weight) only
 * for warehouse staff; product lines only for clients (orders.write).
 */
export interface FieldRights {
  /** Order number, packing instructions, payment status, the pick-up office. */
  general: boolean
  /** Client Address, COD apply and amount, courier. */
  beforePicking: boolean
  /** Price, delivery date, tracking id and link, weight. */
  shippingDetails: boolean
  warehouse: boolean
  items: boolean
}

export function fieldRights(rights: DetailRights, status: OrderStatus): FieldRights {
  const open = status !== 'Canceled'
  const early = open && isBeforePicking(status)
  return {
    general: open && rights.canEdit,
    beforePicking: early && rights.canEdit,
    shippingDetails: open && rights.canProcess,
    warehouse: early && rights.canProcess,
    items: early && rights.canWrite,
  }
}
