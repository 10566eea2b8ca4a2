import { z } from 'zod'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, text } from '../common/ids.ts'
import { dayInput } from '../common/input.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'

/** A returned parcel is registered New and, once its items are back on stock, Processed (spec part 1 §4). */
export const parcelStatuses = ['New', 'Processed'] as const
export const ParcelStatusSchema = z.enum(parcelStatuses)
export type ParcelStatus = z.infer<typeof ParcelStatusSchema>

/** How the parcel arrived as a whole. */
export const parcelConditions = ['good', 'damaged', 'mixed'] as const
export const ParcelConditionSchema = z.enum(parcelConditions)
export type ParcelCondition = z.infer<typeof ParcelConditionSchema>

/** Where an item goes back: the available stock, or recorded as damaged (not sellable). */
export const parcelItemConditions = ['available', 'damaged'] as const
export const ParcelItemConditionSchema = z.enum(parcelItemConditions)
export type ParcelItemCondition = z.infer<typeof ParcelItemConditionSchema>

export const PARCELS_PAGE_SIZE = 10
export const parcelPageSizes = [10, 20, 50, 100] as const

const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })

/** `GET /parcels/inbound?…` */
export const ParcelListQuerySchema = z.object({
  searchTerm: text(100).optional().describe('Part of the tracking id, the order number or the parcel number'),
  status: ParcelStatusSchema.optional(),
  businessclient: IdSchema.optional().describe('Staff: one business client'),
  dateFrom: dayInput().optional().describe('Registered on or after this day'),
  dateTo: dayInput().optional().describe('Registered on or before this day (the whole day)'),
  currentPage: pageNumber.default(1),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(PARCELS_PAGE_SIZE),
})
export type ParcelListQuery = z.infer<typeof ParcelListQuerySchema>

export const ParcelOrderRefSchema = z.object({
  _id: IdSchema,
  clientOrderNr: z.string().describe('The order number'),
  status: z.string(),
})

export const InboundParcelSchema = z
  .object({
    _id: IdSchema,
    parcelNr: z.string().describe('Human-readable number, RP000001'),
    status: ParcelStatusSchema,
    businessclient: NamedRefSchema,
    order: ParcelOrderRefSchema,
    trackingId: z.string(),
    warehouse: NamedRefSchema,
    condition: ParcelConditionSchema,
    note: z.string(),
    units: z.number().int().describe('Units in the parcel, all items'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    processedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'InboundParcel' })
export type InboundParcel = z.infer<typeof InboundParcelSchema>
export const InboundParcelListSchema = z.object({
  list: z.array(InboundParcelSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
})
export type InboundParcelList = z.infer<typeof InboundParcelListSchema>

export const InboundParcelItemSchema = z.object({
  _id: IdSchema,
  product: z.object({ _id: IdSchema, name: z.string(), sku: z.string() }),
  quantity: z.number().int(),
  condition: ParcelItemConditionSchema,
  stockMovement: IdSchema.nullable().describe('The ledger row that put it back (once processed)'),
})
export type InboundParcelItem = z.infer<typeof InboundParcelItemSchema>

export const InboundParcelDetailsSchema = InboundParcelSchema.extend({
  items: z.array(InboundParcelItemSchema),
  photos: z.array(z.object({ _id: IdSchema, publicurl: z.string(), filename: z.string() })),
  createdBy: z.string().nullable().describe('Username'),
  processedBy: z.string().nullable().describe('Username'),
}).meta({ id: 'InboundParcelDetails' })
export type InboundParcelDetails = z.infer<typeof InboundParcelDetailsSchema>

const quantity = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(100_000, { message: 'must be at most 100000' })

export const ParcelItemInputSchema = z.strictObject({
  product: IdSchema,
  quantity,
  condition: ParcelItemConditionSchema.default('available'),
})

const parcelFields = {
  trackingId: text(100).default('').describe('Finds the order by its tracking id when no order is given'),
  order: IdSchema.optional().describe('The order the parcel belongs to'),
  warehouse: IdSchema,
  condition: ParcelConditionSchema.default('good'),
  note: text(1000).default(''),
  items: z
    .array(ParcelItemInputSchema)
    .min(1, { message: 'must have at least one item' })
    .max(200, { message: 'must have at most 200 items' }),
  photos: z.array(IdSchema).max(30).default([]).describe('Registered file ids (POST /api/files/create)'),
}

/** Register (POST) or change (PUT, while New) a parcel: the order by id, or found by the tracking id. */
export const ParcelInputSchema = z.strictObject(parcelFields).superRefine((value, ctx) => {
  if (!value.order && !value.trackingId) {
    ctx.addIssue({ code: 'custom', path: ['trackingId'], message: 'is required when no order is given' })
  }
})
export type ParcelInput = z.infer<typeof ParcelInputSchema>

/** `GET /parcels/inbound/lookup/order?term=`: the register form's order search, exact tracking id or order number. */
export const ParcelOrderLookupQuerySchema = z.object({
  term: text(100).pipe(z.string().min(1, { message: 'is required' })),
})
export const ParcelOrderMatchSchema = z.object({
  _id: IdSchema,
  clientOrderNr: z.string(),
  trackingId: z.string(),
  status: z.string(),
  businessclient: NamedRefSchema,
  items: z.array(
    z.object({
      product: z.object({ _id: IdSchema, name: z.string(), sku: z.string() }).nullable(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
})
export type ParcelOrderMatch = z.infer<typeof ParcelOrderMatchSchema>
export const ParcelOrderMatchListSchema = z.array(ParcelOrderMatchSchema)
