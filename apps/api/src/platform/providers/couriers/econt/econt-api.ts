import { z } from 'zod'

/**
 * Econt's JSON wire types (docs/couriers.md), read tolerantly: every member is
 * optional and may be null, as Econt's answers are; unknown members are ignored.
 */
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish()

export const EcontCountrySchema = z.looseObject({
  id: maybe(z.number()),
  code2: maybe(z.string()),
  code3: maybe(z.string()),
  name: maybe(z.string()),
  nameEn: maybe(z.string()),
  isEU: maybe(z.boolean()),
})

export const EcontCitySchema = z.looseObject({
  id: maybe(z.number()),
  country: maybe(EcontCountrySchema),
  postCode: maybe(z.string()),
  name: maybe(z.string()),
  nameEn: maybe(z.string()),
  regionName: maybe(z.string()),
  regionNameEn: maybe(z.string()),
})
export type EcontCity = z.infer<typeof EcontCitySchema>

export const EcontAddressSchema = z.looseObject({
  city: maybe(EcontCitySchema),
  fullAddress: maybe(z.string()),
  fullAddressEn: maybe(z.string()),
  quarter: maybe(z.string()),
  street: maybe(z.string()),
  num: maybe(z.string()),
  other: maybe(z.string()),
})
export type EcontAddress = z.infer<typeof EcontAddressSchema>

export const EcontOfficeSchema = z.looseObject({
  id: maybe(z.number()),
  code: maybe(z.string()),
  isMPS: maybe(z.boolean()),
  isAPS: maybe(z.boolean()),
  name: maybe(z.string()),
  nameEn: maybe(z.string()),
  address: maybe(EcontAddressSchema),
  partnerCode: maybe(z.string()),
})
export type EcontOffice = z.infer<typeof EcontOfficeSchema>

export const GetOfficesResponseSchema = z.looseObject({ offices: maybe(z.array(EcontOfficeSchema)) })
export const GetCitiesResponseSchema = z.looseObject({ cities: maybe(z.array(EcontCitySchema)) })
export const GetCountriesResponseSchema = z.looseObject({ countries: maybe(z.array(EcontCountrySchema)) })

/**
 * One row of PaymentReportService.PaymentReport (docs/couriers.md §1.9, MIKEY `Models/PaymentReport.php`):
 * `num` is the shipment number (our tracking id), `type` CoD or a money transfer, `payDate` when Econt paid.
 */
export const EcontPaymentReportRowSchema = z.looseObject({
  num: maybe(z.union([z.string(), z.number()])),
  type: maybe(z.string()),
  payType: maybe(z.string()),
  payDate: maybe(z.string()),
  amount: maybe(z.union([z.number(), z.string()])),
  currency: maybe(z.string()),
  createdTime: maybe(z.string()),
})
export type EcontPaymentReportRow = z.infer<typeof EcontPaymentReportRowSchema>
export const PaymentReportResponseSchema = z.looseObject({
  PaymentReportRows: maybe(z.array(EcontPaymentReportRowSchema)),
})

/** Econt's documented Error: `type` (exception class), `message` (user's language), `fields`, `innerErrors`. */
export const EcontErrorSchema = z.looseObject({
  type: maybe(z.string()),
  message: maybe(z.string()),
  fields: maybe(z.array(z.string())),
})
export type EcontErrorBody = z.infer<typeof EcontErrorSchema>

/** A tracking event of a ShipmentStatus (§1.9): `time` in epoch ms. */
export const EcontTrackingEventSchema = z.looseObject({
  time: maybe(z.number()),
  destinationType: maybe(z.string()),
  destinationDetails: maybe(z.string()),
  destinationDetailsEn: maybe(z.string()),
  officeCode: maybe(z.string()),
})

/** ShipmentStatus (§1.8), the members the labels and tracking read. */
export const EcontShipmentStatusSchema = z.looseObject({
  shipmentNumber: maybe(z.union([z.string(), z.number()])),
  pdfURL: maybe(z.string()),
  shipmentDescription: maybe(z.string()),
  createdTime: maybe(z.number()),
  deliveryTime: maybe(z.number()),
  shortDeliveryStatus: maybe(z.string()),
  shortDeliveryStatusEn: maybe(z.string()),
  cdPaidAmount: maybe(z.number()),
  cdPaidTime: maybe(z.number()),
  trackingEvents: maybe(z.array(EcontTrackingEventSchema)),
})
export type EcontShipmentStatus = z.infer<typeof EcontShipmentStatusSchema>

export const CreateLabelResponseSchema = z.looseObject({ label: maybe(EcontShipmentStatusSchema) })
export const GetShipmentStatusesResponseSchema = z.looseObject({
  shipmentStatuses: maybe(
    z.array(z.looseObject({ status: maybe(EcontShipmentStatusSchema), error: maybe(EcontErrorSchema) })),
  ),
})
/** getMyAWB (§1.10): a page of the account's waybills. */
export const GetMyAwbResponseSchema = z.looseObject({
  page: maybe(z.number()),
  totalPages: maybe(z.number()),
  results: maybe(
    z.array(
      z.looseObject({ shipmentNumber: maybe(z.union([z.string(), z.number()])), status: maybe(z.string()) }),
    ),
  ),
})

/** requestCourier (§1.11): the courier request's number and Econt's warnings. */
export const RequestCourierResponseSchema = z.looseObject({
  courierRequestID: maybe(z.union([z.string(), z.number()])),
  warnings: maybe(z.union([z.string(), z.array(z.unknown())])),
})
/** getRequestCourierStatus (§1.11): one entry per id asked, `status.status` unprocess … reject_client. */
export const GetRequestCourierStatusResponseSchema = z.looseObject({
  requestCourierStatus: maybe(
    z.array(
      z.looseObject({
        status: maybe(
          z.looseObject({
            id: maybe(z.union([z.string(), z.number()])),
            status: maybe(z.string()),
            note: maybe(z.string()),
            reject_reason: maybe(z.string()),
          }),
        ),
        error: maybe(EcontErrorSchema),
      }),
    ),
  ),
})

/** The JSON paths of the calls used here, after the base URL (`{BASE}/{Module}/{Service}.{method}.json`). */
export const econtPaths = {
  getCountries: 'Nomenclatures/NomenclaturesService.getCountries.json',
  getCities: 'Nomenclatures/NomenclaturesService.getCities.json',
  getOffices: 'Nomenclatures/NomenclaturesService.getOffices.json',
  paymentReport: 'PaymentReport/PaymentReportService.PaymentReport.json',
  createLabel: 'Shipments/LabelService.createLabel.json',
  getShipmentStatuses: 'Shipments/ShipmentService.getShipmentStatuses.json',
  getMyAWB: 'Shipments/ShipmentService.getMyAWB.json',
  requestCourier: 'Shipments/ShipmentService.requestCourier.json',
  getRequestCourierStatus: 'Shipments/ShipmentService.getRequestCourierStatus.json',
} as const
