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

/** Courier quotation service kinds (docs/couriers.md §8: delivery to an address, an office or a locker). */
export const quotationServiceTypes = ['address', 'office', 'locker'] as const
export type QuotationServiceType = (typeof quotationServiceTypes)[number]
