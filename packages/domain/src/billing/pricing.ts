import { cents, divRound, moneyText, scaledText, toScaled } from '../common/money.ts'
import {
  courierCodFee,
  parcelPrice,
  type QuotationPrices,
  type ServiceCategory,
  type ServiceTypeName,
  serviceTypes,
} from './billing-rules.ts'

/**
 * Pricing of services (docs/domain.md "Services and bills"): pure functions from a rate card and a courier
 * quotation to the services an event records. Money is decimal text with 2 decimals, quantities with 3;
 * every amount is quantity × unit price rounded once, half away from zero, to the cent. A service whose
 * amount is 0 (the rate card does not charge it) is not recorded.
 */

/** The prices of a rate card (rate_cards columns), as decimal text or numbers. */
export interface RateCardPrices {
  currency: string
  fulfilmentOrder: string | number
  fulfilmentExtraItem: string | number
  receivingUnit: string | number
  storagePositionDay: string | number
  codFee: string | number
  refundHandling: string | number
  packaging: string | number
}

/** A courier quotation as pricing needs it (courier_quotations columns). */
export interface QuotationForPricing extends QuotationPrices {
  currency: string
  codCash: string | number
  codCardPercent: string | number
}

/** One service to record, before it gets its trigger, owner and dedupe key. */
export interface PricedService {
  serviceType: ServiceTypeName
  category: ServiceCategory
  /** Decimal text, 3 decimals. */
  quantity: string
  /** Decimal text, 2 decimals. */
  unitPrice: string
  /** quantity × unitPrice, to the cent. */
  amount: string
  currency: string
  /** Which price it came from: the rate card or the courier's quotation (the COD fee has both parts). */
  source: 'rateCard' | 'quotation'
  /** The part of the dedupe key after the trigger (`fulfilment`, `cod_courier` …); unique per event. */
  key: string
}

/** quantity × unit price to the cent (quantity with up to 3 decimals). */
export function serviceAmount(quantity: string | number, unitPrice: string | number): string {
  return moneyText(divRound(toScaled(quantity, 3) * cents(unitPrice), 1000n))
}

function priced(
  serviceType: ServiceTypeName,
  quantity: string | number,
  unitPrice: string | number,
  currency: string,
  source: PricedService['source'] = 'rateCard',
  key: string = serviceType,
): PricedService | null {
  const amount = serviceAmount(quantity, unitPrice)
  if (cents(amount) === 0n) return null
  return {
    serviceType,
    category: serviceTypes[serviceType],
    quantity: scaledText(toScaled(quantity, 3), 3),
    unitPrice: moneyText(cents(unitPrice)),
    amount,
    currency,
    source,
    key,
  }
}

const present = (s: PricedService | null): s is PricedService => s !== null

export interface ShippedOrderInput {
  /** The rate card in force for the order's client and warehouse country on the shipping day; null: none. */
  card: RateCardPrices | null
  /** Units shipped: the sum of the order's item quantities. */
  units: number
  /** The courier's active quotation for the destination; null: no transport service. */
  quotation: QuotationForPricing | null
  /** The COD to collect, or null when the order is not COD (cod_apply off or amount 0). */
  cod: { amount: string | number; byCard: boolean } | null
}

/**
 * The services of a shipped order: fulfilment (one per order), extra items (units beyond the first),
 * packaging (one per order) from the rate card; transport (the quotation's parcel price: transport + fuel
 * surcharge + toll) in the quotation's currency; and for a COD order the COD fee in two parts — the
 * provider's handling fee (rate card `codFee`, key `cod`) and the courier's COD charge passed through
 * (`courierCodFee`: cash fee, or card percent of the COD amount; key `cod_courier`, the quotation's
 * currency). Both parts are service name `cod`, so the running bill and the bill item add them up.
 */
export function shippedOrderServices(input: ShippedOrderInput): PricedService[] {
  const { card, quotation, cod } = input
  const units = Math.max(0, Math.trunc(input.units))
  const services: (PricedService | null)[] = []
  if (card) {
    services.push(priced('fulfilment', 1, card.fulfilmentOrder, card.currency))
    if (units > 1) services.push(priced('extra_item', units - 1, card.fulfilmentExtraItem, card.currency))
    services.push(priced('packaging', 1, card.packaging, card.currency))
    if (cod) services.push(priced('cod', 1, card.codFee, card.currency))
  }
  if (quotation) {
    services.push(priced('transport', 1, parcelPrice(quotation), quotation.currency, 'quotation'))
    if (cod) {
      const fee = courierCodFee(quotation, cod.amount, cod.byCard)
      services.push(priced('cod', 1, fee, quotation.currency, 'quotation', 'cod_courier'))
    }
  }
  return services.filter(present)
}

/** Receiving: per unit received (good and damaged units are both handled). */
export function receivingService(card: RateCardPrices, units: number): PricedService | null {
  return priced('receiving', Math.max(0, Math.trunc(units)), card.receivingUnit, card.currency)
}

/** Storage: one occupied position (a product with stock in a warehouse) for one day. */
export function storageService(card: RateCardPrices): PricedService | null {
  return priced('storage', 1, card.storagePositionDay, card.currency)
}

/** Refund handling: one per refund. */
export function refundHandlingService(card: RateCardPrices): PricedService | null {
  return priced('refund_handling', 1, card.refundHandling, card.currency)
}

/** A rate card's validity as stored (days, `validTo` inclusive or open). */
export interface Validity {
  validFrom: string
  validTo: string | null
}

/** Whether two validities share a day. */
export function validitiesOverlap(a: Validity, b: Validity): boolean {
  const aEnd = a.validTo ?? '9999-12-31'
  const bEnd = b.validTo ?? '9999-12-31'
  return a.validFrom <= bEnd && b.validFrom <= aEnd
}

/**
 * The rate card in force on `day`: the client's own card valid that day, else the country's default card
 * (businessclientId null) valid that day, else none. `cards` are of one country.
 */
export function cardInForce<C extends Validity & { businessclientId: string | null }>(
  cards: readonly C[],
  businessclientId: string,
  day: string,
): C | undefined {
  const valid = (c: C) => c.validFrom <= day && (c.validTo === null || c.validTo >= day)
  return (
    cards.find((c) => c.businessclientId === businessclientId && valid(c)) ??
    cards.find((c) => c.businessclientId === null && valid(c))
  )
}
