import { currencyOfCountry } from '@expedo/domain'
import {
  CourierRefusedError,
  type CreateLabelRequest,
  type LabelAddress,
  labelCountry,
} from '../../platform/providers/couriers/courier-adapter.ts'
import { missingSenderFields, warehouseSender } from '../warehouses/index.ts'
import type { createLabelsRepository, LabelRow } from './labels.repository.ts'

type LabelSource = NonNullable<Awaited<ReturnType<ReturnType<typeof createLabelsRepository>['labelSource']>>>

/**
 * The label's sender: the order's warehouse's address, phone and e-mail, named as the business client whose
 * goods ship (what a fulfilment house prints) with the warehouse's contact as the contact person. Refused
 * before any courier is asked when the warehouse's address lacks what every courier needs.
 */
function senderOf(source: LabelSource): CreateLabelRequest['sender'] {
  const { warehouse, client } = source
  if (!warehouse) throw new CourierRefusedError('The order has no warehouse: the label has no sender address')
  const missing = missingSenderFields(warehouse)
  if (missing.length) {
    throw new CourierRefusedError(
      `The sender address of warehouse ${warehouse.name} is incomplete: ${missing.join(', ')}`,
      missing,
    )
  }
  return warehouseSender(warehouse, client)
}

/**
 * The courier-neutral label request of a Packed order: receiver from its ship-to (a pick-up point when
 * it names an office), COD when it collects one (in its country's currency), weight and parcels as packed,
 * declared value = the payment total, sender = its warehouse (senderOf). `reference` is the label row's:
 * the same on every retry, so a courier never makes a second label for it.
 */
export function labelRequestOf(source: LabelSource, label: LabelRow): CreateLabelRequest {
  const { order } = source
  const client = order.shipToClient
  const currency = currencyOfCountry(order.shipToCountry)
  const name = [client.firstName, client.lastName].filter(Boolean).join(' ') || client.companyName
  const address: LabelAddress = {
    country: labelCountry(order.shipToCountry),
    city: order.shipToCity,
    postCode: order.shipToPostcode,
    street: order.shipToStreet,
    houseNumber: order.shipToStreetNr || undefined,
    other: order.shipToDistrict || undefined,
  }
  return {
    reference: label.reference,
    orderNumber: order.clientOrderNr || String(order.internalNumericId),
    sender: senderOf(source),
    receiver: {
      name,
      company: client.isCompany ? client.companyName || undefined : undefined,
      phone: order.shipToPhone || client.phone || undefined,
      email: client.email || undefined,
      address,
      pickupPointCode: order.officeCode || undefined,
    },
    cod: order.codApply && order.codAmount > 0 ? { amount: order.codAmount.toFixed(2), currency } : undefined,
    declaredValue: { amount: order.paymentTotal.toFixed(2), currency },
    weightGrams: order.shippingWeight ?? 1000,
    parcels: order.parcels ?? 1,
    description: `Order ${order.internalNumericId}`,
    earlierAttemptInDoubt: label.outcomeUnknown || undefined,
  }
}
