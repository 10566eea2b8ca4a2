import {
  type ChangeLogEntry,
  canTransition,
  changeLogText,
  isBeforePicking,
  type OrderStatus,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { createOrdersRepository, type OrderRow, type Who } from '../orders.repository.ts'
import { release } from './allocate-order.ts'
import { applyStatus } from './change-status.ts'
import { insertNewOrder } from './create-order.ts'
import { afterItemsChanged } from './order-items.ts'
import { createOrderRefs } from './order-refs.ts'
import { updateOrderFields } from './update-order-fields.ts'

export interface ImportedOrderItem {
  /** null: no product of the business client has the SKU (the line waits to be paired). */
  productId: string | null
  sku: string
  name: string
  /** grams */
  weight: number | null
  quantity: number
  /** The line price (unit price × quantity). */
  price: number
}

/** An order of a connected e-shop, mapped to Expedo's terms (features/shoptet-orders maps Shoptet's). */
export interface ImportedOrder {
  businessclientId: string
  /** The idempotency key: one Expedo order per e-shop connection and e-shop order code. */
  link: { eshopId: string; code: string }
  clientOrderNr: string
  eshopUrl: string
  shipTo: {
    country: string
    province: string
    city: string
    district: string
    street: string
    streetNr: string
    postcode: string
    phone: string
    isCompany: boolean
  }
  client: OrderRow['shipToClient']
  items: ImportedOrderItem[]
  codAmount: number
  errMsgs: string[]
  /** Expedo invoices the order (the connection's invoicing setting); false when the e-shop does. */
  generateInvoice: boolean
}

export type ImportResult =
  | { action: 'created' | 'updated' | 'unchanged'; orderId: string }
  /** The order has gone past picking (or was canceled): the e-shop's change is not applied. */
  | { action: 'locked'; orderId: string; status: string }

const itemsKey = (items: { sku: string; quantity: number; price: number }[]) =>
  items
    .map((i) => `${i.sku}\t${i.quantity}\t${Number(i.price).toFixed(2)}`)
    .sort()
    .join('\n')

/**
 * Creates or updates the Expedo order of one e-shop order, inside the caller's transaction. Concurrent
 * imports of the same e-shop order take turns on an advisory lock (and the unique index on the link is the
 * last guard), so the e-shop order becomes exactly one Expedo order. A new order goes through the same use
 * case as one created in the UI (New, default courier, allocation). An existing one takes the e-shop's
 * addresses, COD, lines and error messages while it is still before picking, each change logged; after that
 * (or once canceled) the e-shop's changes are not applied.
 */
export async function importOrder(tx: Tx, input: ImportedOrder, who: Who): Promise<ImportResult> {
  const repo = createOrdersRepository(tx)
  await repo.lockImportKey(input.link.eshopId, input.link.code)
  const existing = await repo.lockImported(input.link.eshopId, input.link.code)
  if (!existing) {
    const order = await insertNewOrder(
      tx,
      {
        businessclientId: input.businessclientId,
        clientOrderNr: input.clientOrderNr,
        eshopId: input.link.eshopId,
        eshopOrderCode: input.link.code,
        eshopUrl: input.eshopUrl,
        shipToCountry: input.shipTo.country,
        shipToProvince: input.shipTo.province,
        shipToCity: input.shipTo.city,
        shipToDistrict: input.shipTo.district,
        shipToStreet: input.shipTo.street,
        shipToStreetNr: input.shipTo.streetNr,
        shipToPostcode: input.shipTo.postcode,
        shipToPhone: input.shipTo.phone,
        shipToIsCompany: input.shipTo.isCompany,
        shipToClient: input.client,
        paymentType: input.codAmount > 0 ? 'COD' : 'Paid Online',
        paymentTotal: input.items.reduce((sum, i) => sum + i.price, 0),
        codApply: input.codAmount > 0,
        codAmount: input.codAmount,
        codAmountInit: input.codAmount,
        errMsgs: input.errMsgs,
        generateInvoice: input.generateInvoice,
      },
      input.items,
      who,
      { created: { event: 'imported', params: { eshopUrl: input.eshopUrl } }, alwaysDefaultCourier: true },
    )
    return { action: 'created', orderId: order.id }
  }
  const status = existing.status as OrderStatus
  if (status === 'Canceled' || !isBeforePicking(status))
    return { action: 'locked', orderId: existing.id, status }
  return {
    action: (await applyChanges(tx, existing, input, who)) ? 'updated' : 'unchanged',
    orderId: existing.id,
  }
}

async function applyChanges(tx: Tx, order: OrderRow, input: ImportedOrder, who: Who): Promise<boolean> {
  const repo = createOrdersRepository(tx)
  let changed = await updateOrderFields(
    tx,
    ['operator'],
    order,
    { shipTo: { ...input.shipTo, client: input.client }, payment: { COD: { amount: input.codAmount } } },
    who,
    createOrderRefs(tx),
  )
  const current = changed ? (await repo.lockImported(input.link.eshopId, input.link.code))! : order
  const items = await repo.items(order.id)
  if (itemsKey(items) !== itemsKey(input.items)) {
    // The blocks point at the lines: release them while they still say what to give back.
    await release(repo, order.id)
    await repo.deleteItems(order.id)
    for (const item of input.items) await repo.insertItem({ ...item, orderId: order.id })
    await afterItemsChanged(repo, current, { event: 'itemsReplaced', params: {} }, who)
    changed = true
  }
  const errors = [...input.errMsgs].sort().join('\n')
  if ([...current.errMsgs].sort().join('\n') !== errors) {
    await repo.update(order.id, { errMsgs: input.errMsgs })
    changed = true
  }
  return changed
}

export type CancelResult = 'canceled' | 'already-canceled' | 'not-found' | 'refused'

/**
 * The e-shop deleted its order: the Expedo order is canceled while a cancel is still allowed (the transition
 * table, releasing blocked stock); otherwise it stays and carries an error message for the staff.
 */
export async function cancelImportedOrder(
  tx: Tx,
  link: { eshopId: string; code: string },
  who: Who,
): Promise<CancelResult> {
  const repo = createOrdersRepository(tx)
  const order = await repo.lockImported(link.eshopId, link.code)
  if (!order) return 'not-found'
  if (order.status === 'Canceled') return 'already-canceled'
  if (!canTransition(order.status as OrderStatus, 'Canceled')) {
    const entry: ChangeLogEntry = { event: 'deletedInEshop', params: { status: order.status } }
    const message = changeLogText(entry)
    if (!order.errMsgs.includes(message)) {
      await repo.update(order.id, { errMsgs: [...order.errMsgs, message] })
      await repo.log(order.id, entry, who)
    }
    return 'refused'
  }
  await applyStatus(tx, order, 'Canceled', who)
  return 'canceled'
}
