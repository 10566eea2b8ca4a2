import { z } from 'zod'
import { quotationServiceTypes } from '../billing/billing-rules.ts'
import { CountryNameSchema } from '../common/countries.ts'
import { CurrencySchema } from '../common/currencies.ts'
import { IdSchema, text } from '../common/ids.ts'
import { hasAtMostDecimals } from '../common/money.ts'

/** Spec §7 `GET /couriers` (optional repeated country, name). */
export const CourierListQuerySchema = z.object({
  country: z
    .union([text(100), z.array(text(100)).max(50)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .describe('Repeatable: couriers serving any of these countries'),
  name: text(100).optional().describe('Name contains'),
})
export type CourierListQuery = z.input<typeof CourierListQuerySchema>

export const CourierSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    country: z.string(),
    isDefault: z.boolean().describe('The default courier of its country'),
    officePickup: z.boolean().describe('ECONT and ECONT_GR: orders choose an office (spec §9)'),
  })
  .meta({ id: 'Courier' })
export type Courier = z.infer<typeof CourierSchema>
export const CourierListSchema = z.array(CourierSchema)

/** Spec §9: the couriers whose orders get the office pick-up panel. */
export const officePickupCouriers = ['ECONT', 'ECONT_GR'] as const

/** `POST /couriers/{id}` (set as default): the courier, now the default of its country. */
export const CourierIdParamsSchema = z.object({ id: IdSchema })
export const QuotationParamsSchema = z.object({ id: IdSchema, qid: IdSchema })

const decimals = (scale: number) => (v: number) => hasAtMostDecimals(v, scale)
const priceInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1_000_000, { message: 'must be at most 1000000' })
  .refine(decimals(2), { message: 'must have at most 2 decimals' })
const percentInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(100, { message: 'must be at most 100' })
  .refine(decimals(2), { message: 'must have at most 2 decimals' })

/** Spec §3 Courier quotation: a courier's price for one destination country and service. */
export const CourierQuotationSchema = z
  .object({
    _id: IdSchema,
    courier: IdSchema,
    country: z.string().describe('Destination country (the order’s ship-to country)'),
    currency: z.string(),
    isActive: z.boolean(),
    courier_transport: z.number().describe('Transport price per parcel, without VAT'),
    courier_return: z.number().describe('Price of a returned parcel'),
    courier_COD_Service_cash: z.number().describe('COD fee, cash (fixed per parcel)'),
    courier_COD_Service_card: z.number().describe('COD fee, card: a percentage of the COD amount'),
    courier_toll_rate: z.number().describe('Toll per parcel'),
    courier_fuel_charge: z.number().describe('Fuel surcharge: a percentage of the transport price'),
    serviceType: z.object({ name: z.enum(quotationServiceTypes) }),
    amount: z.number().describe('Price per parcel: transport + fuel surcharge + toll (kept by the server)'),
    createdAt: z.string(),
  })
  .meta({ id: 'CourierQuotation' })
export type CourierQuotation = z.infer<typeof CourierQuotationSchema>
export const CourierQuotationListSchema = z.array(CourierQuotationSchema)

/** `POST /couriers/{id}/quotations` and `PUT …/{qid}`: the prices; `amount` is computed, never sent. */
export const QuotationInputSchema = z.object({
  country: CountryNameSchema.describe('Destination country'),
  currency: CurrencySchema,
  serviceType: z
    .enum(quotationServiceTypes, { message: 'must be address, office or locker' })
    .default('address'),
  courier_transport: priceInput,
  courier_return: priceInput.default(0),
  courier_COD_Service_cash: priceInput.default(0),
  courier_COD_Service_card: percentInput.default(0),
  courier_toll_rate: priceInput.default(0),
  courier_fuel_charge: percentInput.default(0),
})
export type QuotationInput = z.infer<typeof QuotationInputSchema>
