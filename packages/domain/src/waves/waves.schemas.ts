import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { instantInput } from '../common/input.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'
import { WAVE_ORDER_CAP, waveItemKinds, waveLineStatusList, waveStatusList } from './wave-rules.ts'

export const WaveStatusSchema = z.enum(waveStatusList)
export const WaveLineStatusSchema = z.enum(waveLineStatusList)

const locationCode = requiredText(40).describe('The scanned location code')
const count = z
  .number({ message: 'must be a whole number' })
  .int({ message: 'must be a whole number' })
  .max(1_000_000)

export const WaveSchema = z
  .object({
    _id: IdSchema,
    number: z.number().int().describe('Printed as W-000042'),
    warehouse: NamedRefSchema,
    status: WaveStatusSchema,
    orders: z.number().int().describe('Orders in the wave'),
    lines: z.number().int().describe('Pick lines (one per location, product and order)'),
    linesDone: z.number().int().describe('Lines picked, short, cancelled or returned'),
    units: z.number().int(),
    unitsPicked: z.number().int(),
    discrepancies: z.number().int().describe('Short picks waiting for the operator'),
    toReturn: z
      .number()
      .int()
      .describe('Lines of cancelled orders whose goods wait to go back to a location'),
    createdAt: z.string(),
    createdBy: z.string().describe('Username of who released it'),
  })
  .meta({ id: 'Wave' })
export type Wave = z.infer<typeof WaveSchema>

export const WaveListQuerySchema = z.object({
  warehouse: IdSchema.optional(),
  status: WaveStatusSchema.optional(),
  currentPage: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(200).default(20),
})
export type WaveListQuery = z.infer<typeof WaveListQuerySchema>
export const WaveListSchema = z.object({ list: z.array(WaveSchema), total: z.number().int() })

export const WaveReleaseBodySchema = z
  .strictObject({
    warehouse: IdSchema,
    orders: z
      .array(IdSchema)
      .max(WAVE_ORDER_CAP, { message: `at most ${WAVE_ORDER_CAP} orders in one wave` })
      .optional()
      .describe('Release exactly these orders (by hand); without it, the filters choose'),
    courier: IdSchema.optional().describe('Only orders of this courier'),
    items: z.enum(waveItemKinds).optional().describe('single: orders of one unit; multi: every other'),
    cutoff: instantInput().optional().describe('Only orders created up to this time'),
    limit: z
      .number()
      .int()
      .min(1, { message: 'must be 1 or more' })
      .max(WAVE_ORDER_CAP, { message: `must be at most ${WAVE_ORDER_CAP}` })
      .default(200)
      .describe('At most this many orders, oldest first'),
  })
  .refine((b) => !b.orders || b.orders.length > 0, { message: 'choose at least one order', path: ['orders'] })
export type WaveReleaseBody = z.infer<typeof WaveReleaseBodySchema>

export const WavePreviewSchema = z.object({
  orders: z.number().int().describe('Orders the filters choose now (up to the limit)'),
  units: z.number().int(),
})

export const WaveOrderSchema = z.object({
  _id: IdSchema,
  internalNumericId: z.number().int(),
  clientOrderNr: z.string(),
  businessclient: z.string(),
  slot: z.number().int().describe('Tote or slot number on the cart (1 …)'),
  status: z.string().describe('The order status now'),
  canceled: z.boolean().describe('Cancelled (or set to Draft) by the client during picking'),
})

export const PickLineSchema = z
  .object({
    _id: IdSchema,
    location: z.object({ code: z.string(), pickOrder: z.number().int() }).nullable(),
    sku: z.string(),
    barcode: z.string(),
    product: z.object({ _id: IdSchema, name: z.string(), photo: z.string().nullable() }).nullable(),
    quantity: z.number().int().describe('Planned units'),
    picked: z.number().int(),
    status: WaveLineStatusSchema,
    order: z.object({ _id: IdSchema, internalNumericId: z.number().int(), slot: z.number().int() }),
    claimedBy: z.string().nullable().describe('Username of the picker walking to it'),
  })
  .meta({ id: 'PickLine' })
export type PickLine = z.infer<typeof PickLineSchema>

export const WaveDetailSchema = z
  .object({
    wave: WaveSchema,
    orders: z.array(WaveOrderSchema).describe('By slot'),
    lines: z.array(PickLineSchema).describe('In pick-path order'),
  })
  .meta({ id: 'WaveDetail' })
export type WaveDetail = z.infer<typeof WaveDetailSchema>

export const NextPickSchema = z.object({
  line: PickLineSchema.nullable().describe(
    'The line this picker walks to next (claimed for them); null: done',
  ),
  wave: WaveSchema,
})
export type NextPick = z.infer<typeof NextPickSchema>

export const WaveLineParamsSchema = z.object({ id: IdSchema, lineId: IdSchema })

export const PickBodySchema = z.strictObject({
  location: locationCode,
  barcode: requiredText(100).describe('The scanned product barcode, or its SKU'),
  quantity: count.min(1, { message: 'must be 1 or more' }),
})
export type PickBody = z.infer<typeof PickBodySchema>

export const ShortPickBodySchema = z.strictObject({
  location: locationCode,
  found: count.min(0, { message: 'must be 0 or more' }).describe('Units that were there (taken now)'),
})
export type ShortPickBody = z.infer<typeof ShortPickBodySchema>

export const ReturnPickBodySchema = z.strictObject({
  location: locationCode.describe('Where the goods are put back'),
})

export const discrepancyStatusList = ['open', 'confirmed', 'dismissed'] as const
export const DiscrepancySchema = z
  .object({
    _id: IdSchema,
    wave: z.object({ _id: IdSchema, number: z.number().int() }),
    warehouse: NamedRefSchema,
    location: z.string(),
    sku: z.string(),
    product: z.string(),
    businessclient: z.string(),
    expected: z.number().int().describe('Units the picker should have found'),
    found: z.number().int(),
    status: z.enum(discrepancyStatusList),
    reason: z.string(),
    reportedBy: z.string(),
    reportedAt: z.string(),
    resolvedBy: z.string().nullable(),
  })
  .meta({ id: 'PickDiscrepancy' })
export type Discrepancy = z.infer<typeof DiscrepancySchema>
export const DiscrepancyListQuerySchema = z.object({
  status: z.enum(discrepancyStatusList).default('open'),
  warehouse: IdSchema.optional(),
})
export const DiscrepancyListSchema = z.object({ list: z.array(DiscrepancySchema) })
export const DiscrepancyConfirmBodySchema = z.strictObject({
  reason: text(200).default('').describe('Why the goods are missing (kept on the stock adjustment)'),
})

export const PickAnswerSchema = z.object({
  line: PickLineSchema,
  wave: WaveSchema,
  discrepancy: IdSchema.nullable().describe('The discrepancy a short pick raised'),
})
export type PickAnswer = z.infer<typeof PickAnswerSchema>
