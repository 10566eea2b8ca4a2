import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { instantInput } from '../common/input.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'
import { HANDOVER_PARCEL_CAP, handoverStatusList, pickupStatusList } from './handover-rules.ts'

export const HandoverStatusSchema = z.enum(handoverStatusList)
export const PickupStatusSchema = z.enum(pickupStatusList)

const MoneyTotalSchema = z.object({
  currency: z.string(),
  amount: z.number().describe('Sum of the COD amounts in this currency'),
})

/** One warehouse × courier with Packed, labelled parcels in no open handover yet. */
export const HandoverReadyGroupSchema = z.object({
  warehouse: NamedRefSchema,
  courier: NamedRefSchema,
  orders: z.number().int().describe('Packed orders with a created label, in no open handover'),
  parcels: z.number().int().describe('Boxes: the sum of the orders\u2019 packed parcel counts'),
  weightGrams: z.number().int(),
  cod: z.array(MoneyTotalSchema),
  pickupApi: z.boolean().describe("The courier's API can book a pickup (Econt's courier request)"),
})
export const HandoverReadyQuerySchema = z.object({ warehouse: IdSchema.optional() })
export const HandoverReadySchema = z.array(HandoverReadyGroupSchema)
export type HandoverReadyGroup = z.infer<typeof HandoverReadyGroupSchema>

export const HandoverPickupSchema = z.object({
  status: PickupStatusSchema,
  requestId: z.string().describe("The courier's request number ('' before one is booked)"),
  from: z.string().nullable(),
  to: z.string().nullable(),
  courierText: z.string().describe("The courier's words for the request's state, or its refusal"),
  checkedAt: z.string().nullable().describe('When we last asked the courier'),
})

export const HandoverSchema = z
  .object({
    _id: IdSchema,
    number: z.number().int().describe('Printed as H-000012'),
    warehouse: NamedRefSchema,
    courier: NamedRefSchema,
    status: HandoverStatusSchema,
    orders: z.number().int().describe('Orders (parcels entries) on the manifest'),
    scanned: z.number().int().describe('Of them, scanned into the van'),
    parcels: z.number().int().describe('Boxes'),
    weightGrams: z.number().int(),
    cod: z.array(MoneyTotalSchema),
    pickup: HandoverPickupSchema,
    pickupApi: z.boolean(),
    createdAt: z.string(),
    createdBy: z.string().describe('Username of who made it'),
    handedOverAt: z.string().nullable(),
    handedOverBy: z
      .string()
      .nullable()
      .describe("Username of who confirmed it; null when the courier's pickup did"),
    driverName: z.string().describe("The driver's name as written on the manifest ('' unknown)"),
  })
  .meta({ id: 'Handover' })
export type Handover = z.infer<typeof HandoverSchema>

export const HandoverParcelSchema = z
  .object({
    order: z.object({
      _id: IdSchema,
      internalNumericId: z.number().int(),
      clientOrderNr: z.string(),
      status: z.string().describe('The order status now'),
    }),
    businessclient: NamedRefSchema,
    receiver: z.string().describe("Receiver's name"),
    city: z.string(),
    trackingId: z.string(),
    parcels: z.number().int(),
    weightGrams: z.number().int(),
    cod: MoneyTotalSchema.nullable(),
    scannedAt: z.string().nullable(),
    scannedBy: z.string().nullable(),
  })
  .meta({ id: 'HandoverParcel' })
export type HandoverParcel = z.infer<typeof HandoverParcelSchema>

export const HandoverDetailSchema = z
  .object({
    handover: HandoverSchema,
    parcels: z.array(HandoverParcelSchema).describe('By order number'),
  })
  .meta({ id: 'HandoverDetail' })
export type HandoverDetail = z.infer<typeof HandoverDetailSchema>

export const HandoverListQuerySchema = z.object({
  warehouse: IdSchema.optional(),
  courier: IdSchema.optional(),
  status: HandoverStatusSchema.optional(),
  currentPage: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(200).default(20),
})
export type HandoverListQuery = z.infer<typeof HandoverListQuerySchema>
export const HandoverListSchema = z.object({ list: z.array(HandoverSchema), total: z.number().int() })

export const HandoverCreateBodySchema = z
  .strictObject({
    warehouse: IdSchema,
    courier: IdSchema,
    orders: z
      .array(IdSchema)
      .max(HANDOVER_PARCEL_CAP, { message: `at most ${HANDOVER_PARCEL_CAP} orders in one handover` })
      .optional()
      .describe("Exactly these orders; without it, every ready order of the warehouse's courier"),
  })
  .refine((b) => !b.orders || b.orders.length > 0, { message: 'choose at least one order', path: ['orders'] })
export type HandoverCreateBody = z.infer<typeof HandoverCreateBodySchema>

export const HandoverParcelParamsSchema = z.object({ id: IdSchema, orderId: IdSchema })

export const HandoverScanBodySchema = z.strictObject({
  code: requiredText(100).describe("The parcel's AWB (tracking number) or its packing slip's code O-123456"),
})
export const HandoverScanAnswerSchema = z.object({
  orderId: IdSchema,
  internalNumericId: z.number().int(),
  trackingId: z.string(),
  already: z.boolean().describe('It had been scanned before (nothing changed)'),
  scanned: z.number().int(),
  orders: z.number().int(),
})
export type HandoverScanAnswer = z.infer<typeof HandoverScanAnswerSchema>

export const HandoverPickupBodySchema = z.strictObject({
  from: instantInput().describe('The window in which the van may come: start'),
  to: instantInput().describe('… and end (the same day, at least an hour later)'),
})
export type HandoverPickupBody = z.infer<typeof HandoverPickupBodySchema>

export const HandoverConfirmBodySchema = z.strictObject({
  driverName: text(100).optional().describe("The driver's name, as signed on the manifest"),
})
export type HandoverConfirmBody = z.infer<typeof HandoverConfirmBodySchema>

export const HandoverConfirmAnswerSchema = z.object({
  handover: HandoverSchema,
  shipped: z.number().int().describe('Orders moved Packed → Shipping'),
  skipped: z
    .number()
    .int()
    .describe('Orders no longer Packed (cancelled, or the courier already moved them)'),
})
