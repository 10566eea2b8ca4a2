import { type CountryCode, countryCodeByName, currencyOfCountry } from '@expedo/domain'
import type { CreateLabelRequest, LabelAddress } from '../../platform/providers/couriers/courier-adapter.ts'
import type { createLabelsRepository, LabelRow } from './labels.repository.ts'

type LabelSource = NonNullable<Awaited<ReturnType<ReturnType<typeof createLabelsRepository>['labelSource']>>>

/** An order stores a country's name ('Czech'); a courier takes its ISO code. */
const countryCode = (name: string): CountryCode => countryCodeByName(name) ?? (name as CountryCode)

/**
 * The courier-neutral label request of a Packed order: receiver from its ship-to (a pick-up point when
 * it names an office), COD when it collects one (in its country's currency), weight and parcels as packed,
 * declared value = the payment total, sender = its warehouse. `reference` is the label row's: the same on
 * every retry, so a courier never makes a second label for it.
 */
export function labelRequestOf(source: LabelSource, label: LabelRow): CreateLabelRequest {
  const { order, warehouse } = source
  const client = order.shipToClient
  const currency = currencyOfCountry(order.shipToCountry)
  const name = [client.firstName, client.lastName].filter(Boolean).join(' ') || client.companyName
  const address: LabelAddress = {
    country: countryCode(order.shipToCountry),
    city: order.shipToCity,
    postCode: order.shipToPostcode,
    street: order.shipToStreet,
    houseNumber: order.shipToStreetNr || undefined,
    other: order.shipToDistrict || undefined,
  }
  return {
    reference: label.reference,
    orderNumber: order.clientOrderNr || String(order.internalNumericId),
    sender: {
      name: warehouse?.name ?? 'Expedo',
      address: {
        country: countryCode(warehouse?.country ?? order.shipToCountry),
        city: warehouse?.city ?? '',
        postCode: '',
        street: '',
      },
    },
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
