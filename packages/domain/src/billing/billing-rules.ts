import { cents, divRound, moneyText, toScaled } from '../common/money.ts'

/**
 * Shared constants of provider billing (docs/domain.md "Services and bills"): what a service is, what a bill
 * is. The tables' checks read these lists, so a new value is one change here and one migration.
 */

/** A bill and the credit note that corrects a locked bill: their own number series, owned by the issuer. */
export const billDocumentKinds = ['bill', 'billcreditnote'] as const
export type BillDocumentKind = (typeof billDocumentKinds)[number]

/** The event a service was recorded for (spec §3 Service `trigger`; the web links each to its screen). */
export const serviceTriggers = ['Order', 'Inboundshipment', 'Storage', 'Refund'] as const
export type ServiceTrigger = (typeof serviceTriggers)[number]

/**
 * Service names (spec §3 `serviceType.name`): stable codes, translated on screens and PDFs. A bill item
 * summarises the services of one name. `category` groups them: warehouse work, courier charges, storage.
 */
export const serviceTypes = {
  fulfilment: 'warehouse',
  extra_item: 'warehouse',
  packaging: 'warehouse',
  receiving: 'warehouse',
  refund_handling: 'warehouse',
  transport: 'courier',
  cod: 'courier',
  storage: 'storage',
} as const
export type ServiceTypeName = keyof typeof serviceTypes
export type ServiceCategory = (typeof serviceTypes)[ServiceTypeName]
export const serviceTypeNames = Object.keys(serviceTypes) as ServiceTypeName[]

/**
 * The English name a bill run gives the item of a service ("Storage"; "Storage (12.5)" when one service has
 * items at several unit prices). The PDF and the screens show the name in the reader's language instead.
 */
export const serviceItemNames: Record<ServiceTypeName, string> = {
  fulfilment: 'Fulfilment',
  extra_item: 'Extra item',
  packaging: 'Packaging',
  receiving: 'Receiving',
  refund_handling: 'Refund handling',
  transport: 'Transport',
  cod: 'COD fee',
  storage: 'Storage',
}

const isServiceTypeName = (value: string): value is ServiceTypeName => value in serviceTypes

/**
 * The service (and unit price, when the run added one) a bill item's description names as the run wrote it,
 * or null: an item added by hand, or a description finance rewrote, is shown as written.
 */
export function billItemService(item: {
  description: string
  serviceType: string | null
}): { serviceType: ServiceTypeName; unitPrice: string | null } | null {
  if (!item.serviceType || !isServiceTypeName(item.serviceType)) return null
  const name = serviceItemNames[item.serviceType]
  if (item.description === name) return { serviceType: item.serviceType, unitPrice: null }
  const priced = item.description.match(/^(.*) \(([\d.]+)\)$/)
  if (priced?.[1] === name) return { serviceType: item.serviceType, unitPrice: priced[2]! }
  return null
}

/**
 * Service types connected with immovable property (Implementing Regulation 282/2011 art. 31a(2)(h): storage
 * where a specific part of a building is assigned to the customer's exclusive use), taxed where the building
 * is rather than reverse-charged (FINANCE.md "Place of supply"). Data: off for every type by default.
 */
export const immovablePropertyServices: Record<ServiceTypeName, boolean> = {
  fulfilment: false,
  extra_item: false,
  packaging: false,
  receiving: false,
  refund_handling: false,
  transport: false,
  cod: false,
  storage: false,
}

/** Courier quotation service kinds (docs/couriers.md §8: delivery to an address, an office or a locker). */
export const quotationServiceTypes = ['address', 'office', 'locker'] as const
export type QuotationServiceType = (typeof quotationServiceTypes)[number]

/** The price components of a courier quotation that make the price of one parcel (docs/couriers.md §8). */
export interface QuotationPrices {
  transport: string | number
  fuelChargePercent: string | number
  tollRate: string | number
}

/**
 * The price of one parcel by a quotation: transport with the fuel surcharge (a percentage of the transport
 * price, rounded half up to cents) plus the toll. It is the quotation's `amount` and the transport service's
 * price. 100.00 transport, 18.5 % fuel, 2.40 toll → 120.90.
 */
export function parcelPrice(q: QuotationPrices): string {
  const transport = cents(q.transport)
  const fuel = divRound(transport * toScaled(q.fuelChargePercent, 2), 10_000n)
  return moneyText(transport + fuel + cents(q.tollRate))
}

/**
 * The courier's COD fee for an order: the fixed cash fee, or for card payment the card percentage of the
 * COD amount (rounded half up to cents).
 */
export function courierCodFee(
  q: { codCash: string | number; codCardPercent: string | number },
  codAmount: string | number,
  byCard: boolean,
): string {
  if (!byCard) return moneyText(cents(q.codCash))
  return moneyText(divRound(cents(codAmount) * toScaled(q.codCardPercent, 2), 10_000n))
}
