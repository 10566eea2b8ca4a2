import {
  type ChangeLogEntry,
  type ChangeLogField,
  can,
  fieldChange,
  isBeforePicking,
  type OrderStatus,
  type Role,
  type UpdateOrderBody,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { forbidden, invalid } from '../../../platform/http/app-error.ts'
import {
  createOrdersRepository,
  type OrderInsert,
  type OrderRow,
  shopInvoicing,
  type Who,
} from '../orders.repository.ts'
import { allocate, release } from './allocate-order.ts'
import { claimOrderNumber, holdsNumber } from './order-number.ts'
import type { OrderRefs } from './order-refs.ts'
import { OrderRefusal } from './order-refusal.ts'

export type OrderFields = Omit<UpdateOrderBody, 'status'>
type ShipToClient = OrderRow['shipToClient']

/** Statuses where allocation applies: a change of warehouse or items re-allocates. */
export const allocating: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'New',
  'No goods',
  'Order Ready for picking',
])

/** Fields only staff (orders.process) may change; a client user may change the others. */
const staffOnly = [
  'shipping.shipFrom',
  'shipping.deliveryDate',
  'shipping.shippingCost',
  'shipping.trackingId',
  'shipping.trackingUrl',
  'shipping.weight',
  'processing.assignedUser',
]

/** Field paths (or their prefixes) fixed once picking starts. */
const fixedAfterPicking = ['shipTo.', 'payment.COD.', 'shipping.courier', 'shipping.shipFrom']

/** 409 unless the order's status allows changing what `field` names (before picking; never when Canceled). */
export function checkEditable(order: OrderRow, field: string): void {
  const status = order.status as OrderStatus
  if (status === 'Canceled') {
    throw new OrderRefusal(
      'canceled',
      'CONFLICT',
      'A Canceled order cannot be changed (only comments can be added)',
    )
  }
  const fixed = field === 'items' || fixedAfterPicking.some((p) => field === p || field.startsWith(p))
  if (fixed && !isBeforePicking(status)) {
    throw new OrderRefusal(
      'fixedAfterPicking',
      'CONFLICT',
      `${field} cannot be changed in status '${status}': addresses, items, COD, courier and warehouse ` +
        'can change only before picking',
    )
  }
}

/** The paths of the fields a body names, e.g. ['shipTo.city', 'payment.COD.amount']. */
export function namedFields(body: object, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    if (value === undefined) return []
    const path = `${prefix}${key}`
    return value !== null && typeof value === 'object' ? namedFields(value, `${path}.`) : [path]
  })
}

/**
 * 403 unless the roles may change every named field: orders.write or orders.process for any field, and
 * orders.process for the staff-only ones (the message names the first refused field).
 */
export function checkFieldPermission(roles: readonly Role[], fields: string[]): void {
  if (!fields.length || can(roles, 'orders.process')) return
  if (!can(roles, 'orders.write'))
    throw forbidden('Changing order fields needs orders.write or orders.process')
  const refused = fields.find((f) => staffOnly.includes(f))
  if (refused) throw forbidden(`${refused} can be changed only by the warehouse staff (orders.process)`)
}

const addressColumns = {
  country: 'shipToCountry',
  province: 'shipToProvince',
  city: 'shipToCity',
  district: 'shipToDistrict',
  street: 'shipToStreet',
  streetNr: 'shipToStreetNr',
  postcode: 'shipToPostcode',
  phone: 'shipToPhone',
  isCompany: 'shipToIsCompany',
} as const satisfies Record<string, keyof OrderInsert>
const clientKeys: (keyof ShipToClient)[] = [
  'firstName',
  'lastName',
  'email',
  'isCompany',
  'companyName',
  'taxId',
  'nr_reg_com',
  'phone',
  'country',
  'province',
  'city',
  'street',
  'streetNr',
  'postcode',
]

/** The column changes and their change-log lines, collected before anything is written. */
class Changes {
  readonly set: Partial<OrderInsert> = {}
  readonly logs: ChangeLogEntry[] = []

  /** Records `column` := next with a field change (before → after) when given and different. */
  field<K extends keyof OrderInsert>(
    field: ChangeLogField,
    column: K,
    current: OrderInsert[K],
    next: OrderInsert[K] | undefined,
  ): void {
    if (next === undefined || next === current) return
    this.set[column] = next
    this.logs.push(fieldChange(field, current, next))
  }
}

/**
 * The field part of `PUT /orders/:id` (and of the bulk change) inside the caller's transaction, the order
 * locked: checks the caller's permission per field and the status, validates what the order points at,
 * writes the changed columns with one change-log row per changed field (unchanged values write nothing) and
 * re-allocates when the warehouse moves. Answers whether anything changed.
 */
export async function updateOrderFields(
  tx: Tx,
  roles: readonly Role[],
  order: OrderRow,
  body: OrderFields,
  who: Who,
  refs: OrderRefs,
): Promise<boolean> {
  const fields = namedFields(body)
  if (!fields.length) return false
  checkFieldPermission(roles, fields)
  for (const field of fields) checkEditable(order, field)

  const changes = new Changes()
  changes.field('clientOrderNr', 'clientOrderNr', order.clientOrderNr, body.clientOrderNr)
  addressChanges(changes, order, body.shipTo)
  await referenceChanges(changes, order, body, refs)
  const s = body.shipping ?? {}
  changes.field('deliveryDate', 'deliveryDate', order.deliveryDate, s.deliveryDate)
  changes.field('shippingCost', 'shippingCost', order.shippingCost, s.shippingCost)
  changes.field('trackingId', 'trackingId', order.trackingId, s.trackingId)
  changes.field('trackingUrl', 'trackingUrl', order.trackingUrl, s.trackingUrl)
  changes.field('weight', 'shippingWeight', order.shippingWeight, s.weight)
  changes.field('paymentStatus', 'paymentStatus', order.paymentStatus, body.payment?.status)
  codChanges(changes, order, body.payment?.COD)
  const p = body.processing ?? {}
  changes.field('instructions', 'instructions', order.instructions, p.instructions)
  if (
    p.generate_invoice === true &&
    !order.generateInvoice &&
    (await shopInvoicing(tx, order.eshopId)) === 'shoptet'
  ) {
    throw invalid('processing.generate_invoice', 'Shoptet invoices this e-shop’s orders, not Expedo')
  }
  changes.field('generateInvoice', 'generateInvoice', order.generateInvoice, p.generate_invoice)
  changes.field('toOffice', 'toOffice', order.toOffice, body.api_request?.to_office)
  changes.field('officeCode', 'officeCode', order.officeCode, body.api_request?.office_code)

  const repo = createOrdersRepository(tx)
  const number = changes.set.clientOrderNr
  if (number !== undefined && holdsNumber(order.status)) {
    await claimOrderNumber(repo, { ...order, clientOrderNr: number })
  }
  if (Object.keys(changes.set).length) await repo.update(order.id, changes.set)
  for (const line of changes.logs) await repo.log(order.id, line, who)
  const moved = await moveWarehouse(tx, order, s.shipFrom, who, refs)
  return changes.logs.length > 0 || moved
}

function addressChanges(changes: Changes, order: OrderRow, shipTo: OrderFields['shipTo']): void {
  if (!shipTo) return
  for (const key of Object.keys(addressColumns) as (keyof typeof addressColumns)[]) {
    const column = addressColumns[key]
    changes.field(`shipTo.${key}`, column, order[column], shipTo[key])
  }
  if (!shipTo.client) return
  const client = { ...order.shipToClient }
  let changed = false
  for (const key of clientKeys) {
    const next = shipTo.client[key]
    if (next === undefined || next === client[key]) continue
    changes.logs.push(fieldChange(`client.${key}`, client[key], next))
    ;(client as Record<string, unknown>)[key] = next
    changed = true
  }
  if (changed) changes.set.shipToClient = client
}

/** Courier and assigned user: each must exist (400 otherwise); the log shows names. */
async function referenceChanges(changes: Changes, order: OrderRow, body: OrderFields, refs: OrderRefs) {
  const courier = body.shipping?.courier
  if (courier !== undefined && courier !== order.courierId) {
    const next = courier === null ? null : await refs.courier(courier)
    if (next === undefined) throw invalid('shipping.courier', 'is not a courier')
    const current = order.courierId ? (await refs.courier(order.courierId))?.name : null
    changes.set.courierId = courier
    changes.logs.push(fieldChange('courier', current, next?.name))
  }
  const assigned = body.processing?.assignedUser
  if (assigned !== undefined && assigned !== order.assignedUserId) {
    const next = assigned === null ? null : await refs.assignee(assigned)
    if (next === undefined) throw invalid('processing.assignedUser', 'must be an enabled admin or operator')
    const current = order.assignedUserId ? await refs.username(order.assignedUserId) : null
    changes.set.assignedUserId = assigned
    changes.logs.push(fieldChange('assignedUser', current, next?.username))
  }
}

/**
 * COD: a new amount keeps amountInit (the first amount; set by the first non-zero amount when there was
 * none); `apply` says whether the order is COD (the list's COD filter reads it), defaulting to "amount > 0"
 * when only an amount is given; apply=false keeps the amount. The payment type follows: COD or Paid Online.
 */
function codChanges(
  changes: Changes,
  order: OrderRow,
  cod: { apply?: boolean; amount?: number } | undefined,
) {
  if (!cod) return
  const amount = cod.amount ?? order.codAmount
  const apply = cod.apply ?? (cod.amount !== undefined ? cod.amount > 0 : order.codApply)
  changes.field('codApply', 'codApply', order.codApply, apply)
  changes.field('codAmount', 'codAmount', order.codAmount, amount)
  if (order.codAmountInit === 0 && amount > 0) changes.set.codAmountInit = amount
  changes.field('paymentType', 'paymentType', order.paymentType, apply ? 'COD' : 'Paid Online')
}

/**
 * A new ship-from warehouse. On an order that allocation applies to (New, No goods, Order Ready for
 * picking) its blocks are released and allocation runs in that warehouse only, whatever the profile's
 * automatic blocking says (staff asked for it): every item available there → blocked, Order Ready for
 * picking; else No goods, the warehouse kept as the chosen one (a later receipt retries there). Clearing the
 * warehouse re-allocates anywhere. Elsewhere (Draft, Client editing, Error) it is stored for a later
 * allocation.
 */
async function moveWarehouse(
  tx: Tx,
  order: OrderRow,
  shipFrom: string | null | undefined,
  who: Who,
  refs: OrderRefs,
): Promise<boolean> {
  if (shipFrom === undefined || shipFrom === order.warehouseId) return false
  const next = shipFrom === null ? null : await refs.warehouse(shipFrom)
  if (next === undefined) throw invalid('shipping.shipFrom', 'is not a warehouse')
  const current = order.warehouseId ? (await refs.warehouse(order.warehouseId))?.name : null
  const repo = createOrdersRepository(tx)
  const realloc = allocating.has(order.status as OrderStatus)
  if (realloc) await release(repo, order.id)
  await repo.update(order.id, { warehouseId: shipFrom })
  await repo.log(order.id, fieldChange('warehouse', current, next?.name), who)
  if (realloc) {
    const moved = { ...order, warehouseId: shipFrom }
    await allocate(repo, moved, await repo.items(order.id), who, {
      warehouseId: shipFrom,
      reason: 'warehouseChanged',
    })
  }
  return true
}
