import { z } from 'zod'
import { serviceTriggers, serviceTypeNames } from '../billing/billing-rules.ts'
import { CountryNameSchema } from '../common/countries.ts'
import { CurrencySchema } from '../common/currencies.ts'
import { IdSchema } from '../common/ids.ts'
import { dayInput } from '../common/input.ts'
import { hasAtMostDecimals } from '../common/money.ts'

/** Spec §9: the services list pages like the other finance lists. */
export const SERVICES_PAGE_SIZE = 10
export const serviceStatuses = ['billed', 'notbilled', 'all'] as const
export type ServiceStatus = (typeof serviceStatuses)[number]

const day = z.iso.date().describe('YYYY-MM-DD')
const amount = z.number().describe('2 decimals')
const priceInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1e10, { message: 'is too large' })
  .refine((v) => hasAtMostDecimals(v, 2), { message: 'must have at most 2 decimals' })

/** Spec §3 Service. */
export const ServiceSchema = z
  .object({
    _id: IdSchema,
    serviceType: z.object({ name: z.enum(serviceTypeNames), category: z.string() }),
    trigger: z.enum(serviceTriggers),
    triggerId: IdSchema.nullable().describe('The order, inbound shipment, inventory card or refund'),
    triggerRef: z.string().describe('The trigger’s human reference (order number, shipment id, SKU)'),
    quantity: z.number(),
    unitPrice: amount,
    amount,
    currency: z.string(),
    country: z.string(),
    isBilled: z.boolean(),
    description: z.string(),
    bill: z
      .object({ _id: IdSchema, sequenceNumber: z.string().nullable() })
      .nullable()
      .describe('The bill that collected it; null: pending'),
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    serviceDate: day,
    createdAt: z.string().describe('ISO 8601'),
    quotation: IdSchema.nullable().describe('The courier quotation a transport or COD charge was priced by'),
  })
  .meta({ id: 'Service' })
export type Service = z.infer<typeof ServiceSchema>

/** Spec §7 `POST /services/billable`. */
export const ServicesBillableBodySchema = z.strictObject({
  dateFrom: dayInput().optional().describe('Created on or after this day'),
  dateTo: dayInput().optional().describe('Created on or before this day (the whole day)'),
  status: z.enum(serviceStatuses, { message: 'must be billed, notbilled or all' }).default('all'),
  itemsPerPage: z
    .number({ message: 'must be a number' })
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(SERVICES_PAGE_SIZE),
  currentPage: z
    .number({ message: 'must be a number' })
    .int()
    .min(1, { message: 'must be 1 or more' })
    .default(1),
  businessclient: IdSchema.optional().describe('Staff: one business client (a client always sees its own)'),
})
export type ServicesBillableBody = z.infer<typeof ServicesBillableBodySchema>
export const ServiceListSchema = z.object({ list: z.array(ServiceSchema), total: z.number().int() })
export type ServiceList = z.infer<typeof ServiceListSchema>

/** Totals per currency (a client may be billed in more than one). */
const CurrencyTotalSchema = z.object({ currency: z.string(), amount })

/** The order detail's Services panel. */
export const OrderServicesSchema = z
  .object({
    total: z.array(CurrencyTotalSchema).describe('Per currency'),
    services: z.array(ServiceSchema).describe('Oldest first (the timeline)'),
  })
  .meta({ id: 'OrderServices' })
export type OrderServices = z.infer<typeof OrderServicesSchema>

export const RunningBillQuerySchema = z.object({
  businessclient: IdSchema.optional().describe('Staff: one business client; absent: all'),
})
/** The running bill: this month's not-billed services by service name, per currency. */
export const RunningBillSchema = z
  .object({
    periodStart: day,
    periodEnd: day.describe('Today'),
    currencies: z.array(
      z.object({
        currency: z.string(),
        total: amount,
        lines: z.array(
          z.object({
            name: z.enum(serviceTypeNames),
            category: z.string(),
            quantity: z.number(),
            count: z.number().int().describe('Services recorded'),
            amount,
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'RunningBill' })
export type RunningBill = z.infer<typeof RunningBillSchema>

/** A rate card (docs/domain.md "Services and bills"): a country's default (no client) or a client's override. */
export const RateCardSchema = z
  .object({
    _id: IdSchema,
    businessclient: z
      .object({ _id: IdSchema, name: z.string() })
      .nullable()
      .describe('null: the default card'),
    country: z.string(),
    currency: z.string(),
    validFrom: day,
    validTo: day.nullable().describe('Inclusive; null: open'),
    fulfilmentOrder: amount,
    fulfilmentExtraItem: amount,
    receivingUnit: amount,
    storagePositionDay: amount,
    codFee: amount,
    refundHandling: amount,
    packaging: amount,
  })
  .meta({ id: 'RateCard' })
export type RateCard = z.infer<typeof RateCardSchema>
export const rateCardPriceFields = [
  'fulfilmentOrder',
  'fulfilmentExtraItem',
  'packaging',
  'receivingUnit',
  'storagePositionDay',
  'codFee',
  'refundHandling',
] as const
export type RateCardPriceField = (typeof rateCardPriceFields)[number]

export const RateCardInputSchema = z
  .strictObject({
    businessclient: IdSchema.nullable().default(null).describe('null or absent: the country’s default card'),
    country: CountryNameSchema.describe(
      'The provider’s country the services are billed from (the warehouse’s)',
    ),
    currency: CurrencySchema,
    validFrom: dayInput(),
    validTo: dayInput().nullable().default(null).describe('Inclusive; null: open'),
    fulfilmentOrder: priceInput.default(0),
    fulfilmentExtraItem: priceInput.default(0),
    packaging: priceInput.default(0),
    receivingUnit: priceInput.default(0),
    storagePositionDay: priceInput.default(0),
    codFee: priceInput.default(0),
    refundHandling: priceInput.default(0),
  })
  .refine((v) => !v.validTo || v.validTo >= v.validFrom, {
    message: 'must not be before validFrom',
    path: ['validTo'],
  })
export type RateCardInput = z.infer<typeof RateCardInputSchema>
export const RateCardQuerySchema = z.object({
  country: CountryNameSchema.optional(),
  businessclient: IdSchema.optional().describe('One client’s cards (the defaults are always listed)'),
})
export const RateCardListSchema = z.array(RateCardSchema)
