import { z } from 'zod'

/** Every order status, spelled exactly as the spec shows them (§4). */
export const orderStatusList = [
  'New',
  'Draft',
  'Client editing',
  'No goods',
  'Order Ready for picking',
  'Product Picking',
  'Packed',
  'Shipping',
  'Delivered',
  'COD WAITING',
  'Not shipped',
  'Validated',
  'In progress',
  'Canceled',
  'Error',
] as const
export const orderStatuses = z.enum(orderStatusList)
export type OrderStatus = (typeof orderStatusList)[number]

/** Whether a value is an order status; without zod, which the web's orders list does not load. */
export const isOrderStatus = (value: unknown): value is OrderStatus =>
  (orderStatusList as readonly unknown[]).includes(value)

/**
 * Who makes a transition: a client action (spec §4: Validate, Set to Draft, Cancel), the warehouse flow
 * (an operator), or allocation (the server itself, never a caller).
 */
export type TransitionKind = 'client' | 'warehouse' | 'allocation'

/** The one transition table (docs/domain.md "Orders"): from → to → who makes it. Anything else is refused. */
export const orderTransitions: Partial<Record<OrderStatus, Partial<Record<OrderStatus, TransitionKind>>>> = {
  New: {
    Draft: 'client',
    Canceled: 'client',
    'Order Ready for picking': 'allocation',
    'No goods': 'allocation',
  },
  Draft: { New: 'client', Canceled: 'client' },
  'Client editing': { New: 'client', Draft: 'client', Canceled: 'client' },
  'No goods': { Draft: 'client', Canceled: 'client', 'Order Ready for picking': 'allocation' },
  'Order Ready for picking': { Draft: 'client', Canceled: 'client', 'Product Picking': 'warehouse' },
  'Product Picking': { Draft: 'client', Canceled: 'client', Packed: 'warehouse' },
  Packed: { Shipping: 'warehouse' },
  Shipping: { Delivered: 'warehouse', 'COD WAITING': 'warehouse', 'Not shipped': 'warehouse' },
  'COD WAITING': { Delivered: 'warehouse' },
}

/** The kind of the transition, or undefined when the table refuses it. */
export function transitionKind(from: OrderStatus, to: OrderStatus): TransitionKind | undefined {
  return orderTransitions[from]?.[to]
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitionKind(from, to) !== undefined
}

export const orderActions = ['Validate', 'Set to Draft', 'Cancel'] as const
export type OrderAction = (typeof orderActions)[number]

/** The status each client action sets. */
export const orderActionTarget: Record<OrderAction, OrderStatus> = {
  Validate: 'New',
  'Set to Draft': 'Draft',
  Cancel: 'Canceled',
}

/** The client actions offered in a status (spec §4 "Allowed actions by current status"), in the spec's order. */
export function allowedActions(status: OrderStatus): OrderAction[] {
  return orderActions.filter((action) => transitionKind(status, orderActionTarget[action]) === 'client')
}

/** Statuses that hold blocked stock: leaving them for Draft or Canceled releases it. */
export const stockHoldingStatuses: readonly OrderStatus[] = ['Order Ready for picking', 'Product Picking']

/**
 * Statuses before picking: the only ones in which an order's addresses, items, COD, courier and warehouse may
 * still change (the server answers 409 after; the detail screen offers the edits only then).
 */
export const beforePickingStatuses: readonly OrderStatus[] = [
  'Draft',
  'Client editing',
  'New',
  'No goods',
  'Order Ready for picking',
  'Error',
]

export function isBeforePicking(status: OrderStatus): boolean {
  return beforePickingStatuses.includes(status)
}

/**
 * Statuses in which an order does not hold its order number (clientOrderNr): a Draft ships nothing and a
 * Canceled order never will. In every other status the number is the business client's alone: a second
 * order with it is refused (DUPLICATE_ORDER_NUMBER), so a client's retry cannot ship goods twice. A
 * Duplicate (a Draft copy) keeps the number; validating it while the original still holds the number is
 * refused the same way, and the user changes the copy's number or cancels the original.
 */
export const numberFreeStatuses: readonly OrderStatus[] = ['Draft', 'Canceled']
