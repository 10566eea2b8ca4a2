import {
  type PricedService,
  type RateCardPrices,
  receivingService,
  refundHandlingService,
  type ServiceTrigger,
  shippedOrderServices,
} from '@expedo/domain'
import type { DbOrTx } from '../../platform/db/database.ts'
import { findActiveQuotation } from '../couriers/index.ts'
import { createServicesRepository, type RateCardRow, type ServiceInsert } from './services.repository.ts'

/**
 * Recording services in the transaction of their event (docs/domain.md "Services and bills"). Each row's
 * dedupe key is `<trigger>:<trigger id>:<key>` (`Order:<id>:fulfilment`, `Inboundshipment:<goods line>:receiving`,
 * `Storage:<card>:<day>:storage`, `Refund:<id>:refund_handling`): the insert skips a key that exists, so a
 * retried or raced event records nothing twice.
 */

/** Something to tell about a service that could not be priced (the caller's logger, at debug). */
export type RecordingLog = { debug(obj: object, msg: string): void }
const silent: RecordingLog = { debug() {} }

/** A UTC calendar day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10)

const cardPrices = (c: RateCardRow): RateCardPrices => c

interface Owner {
  businessclientId: string
  trigger: ServiceTrigger
  triggerId: string
  triggerRef: string
  country: string
  day: string
  description: string
}

function rowsOf(
  owner: Owner,
  priced: PricedService[],
  card: RateCardRow | null,
  quotationId: string | null,
): ServiceInsert[] {
  return priced.map((p) => ({
    businessclientId: owner.businessclientId,
    serviceType: p.serviceType,
    category: p.category,
    trigger: owner.trigger,
    triggerId: owner.triggerId,
    triggerRef: owner.triggerRef,
    quantity: p.quantity,
    unitPrice: p.unitPrice,
    amount: p.amount,
    currency: p.currency,
    country: owner.country,
    description: owner.description,
    serviceDate: owner.day,
    rateCardId: p.source === 'rateCard' ? (card?.id ?? null) : null,
    quotationId: p.source === 'quotation' ? quotationId : null,
    dedupeKey: `${owner.trigger}:${owner.triggerId}:${p.key}`,
  }))
}

/**
 * An order entering Shipping: fulfilment, extra items, packaging (the rate card in force for its client in
 * the warehouse's country), transport by the courier's active quotation for the destination (office
 * pick-up orders: the 'office' quotation; none → no transport, logged at debug) and, for a COD order, the
 * COD fee. Answers how many services were new.
 */
export async function recordOrderShipped(
  tx: DbOrTx,
  orderId: string,
  log: RecordingLog = silent,
  at = new Date(),
) {
  const repo = createServicesRepository(tx)
  const order = await repo.shippedOrder(orderId)
  if (!order) return 0
  const day = dayOf(at)
  const country = order.warehouseCountry ?? order.shipToCountry
  const card = (await repo.cardInForce(order.businessclientId, country, day)) ?? null
  if (!card) log.debug({ orderId, country, day }, 'services: no rate card in force, no warehouse services')
  const quotation = order.courierId
    ? await findActiveQuotation(
        tx,
        order.courierId,
        order.shipToCountry,
        order.officeCode ? 'office' : 'address',
      )
    : undefined
  if (!quotation)
    log.debug({ orderId, courierId: order.courierId }, 'services: no active quotation, no transport service')
  const codAmount = Number(order.codAmount)
  const priced = shippedOrderServices({
    card: card && cardPrices(card),
    units: order.units,
    quotation: quotation ?? null,
    cod:
      order.codApply && codAmount > 0
        ? { amount: order.codAmount, byCard: /card/i.test(order.paymentType) }
        : null,
  })
  const ref = order.clientOrderNr || String(order.internalNumericId)
  const owner: Owner = {
    businessclientId: order.businessclientId,
    trigger: 'Order',
    triggerId: order.id,
    triggerRef: ref,
    country,
    day,
    description: `Order ${ref}`,
  }
  return repo.insert(rowsOf(owner, priced, card, quotation?.id ?? null))
}

/** One received line of an inbound shipment: receiving per unit (good and damaged units). */
export async function recordGoodsReceived(
  tx: DbOrTx,
  line: {
    goodsId: string
    shipmentId: string
    shipmentRef: string
    businessclientId: string
    warehouseId: string
    sku: string
    units: number
  },
  log: RecordingLog = silent,
  at = new Date(),
) {
  const repo = createServicesRepository(tx)
  const country = await repo.warehouseCountry(line.warehouseId)
  if (!country) return 0
  const day = dayOf(at)
  const card = await repo.cardInForce(line.businessclientId, country, day)
  if (!card) {
    log.debug(
      { shipmentId: line.shipmentId, country, day },
      'services: no rate card in force, no receiving service',
    )
    return 0
  }
  const priced = receivingService(cardPrices(card), line.units)
  if (!priced) return 0
  const owner: Owner = {
    businessclientId: line.businessclientId,
    trigger: 'Inboundshipment',
    triggerId: line.shipmentId,
    triggerRef: line.shipmentRef,
    country,
    day,
    description: `Inbound shipment ${line.shipmentRef}: ${line.sku}`,
  }
  // The goods line, not the shipment, makes the key: each received line is its own service.
  const [row] = rowsOf(owner, [priced], card, null)
  return repo.insert([{ ...row!, dedupeKey: `Inboundshipment:${line.goodsId}:receiving` }])
}

/**
 * For the refunds work: a refund's handling fee, in the caller's transaction, once per refund. `country`
 * is the provider's country (the order's warehouse); `ref` what the lists show (the order number).
 */
export async function recordRefundHandling(
  tx: DbOrTx,
  refund: { id: string; businessclientId: string; country: string; ref: string; at?: Date },
  log: RecordingLog = silent,
) {
  const repo = createServicesRepository(tx)
  const day = dayOf(refund.at ?? new Date())
  const card = await repo.cardInForce(refund.businessclientId, refund.country, day)
  if (!card) {
    log.debug(
      { refundId: refund.id, country: refund.country, day },
      'services: no rate card, no refund handling',
    )
    return 0
  }
  const priced = refundHandlingService(cardPrices(card))
  if (!priced) return 0
  const owner: Owner = {
    businessclientId: refund.businessclientId,
    trigger: 'Refund',
    triggerId: refund.id,
    triggerRef: refund.ref,
    country: refund.country,
    day,
    description: `Refund ${refund.ref}`,
  }
  return repo.insert(rowsOf(owner, [priced], card, null))
}

/** The storage of one day (default: yesterday, UTC): one service per occupied position. */
export function recordStorageDay(db: DbOrTx, day = dayOf(new Date(Date.now() - 86_400_000))) {
  return createServicesRepository(db).recordStorageDay(day)
}
