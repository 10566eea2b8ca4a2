import { z } from 'zod'
import { IdSchema, requiredText } from '../common/ids.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'
import { MAX_PACKED_WEIGHT_GRAMS, MAX_PARCELS } from './packing-rules.ts'

const whole = z.number({ message: 'must be a whole number' }).int({ message: 'must be a whole number' })

export const PackingOpenBodySchema = z.strictObject({
  code: requiredText(60).describe(
    "The scanned packing slip (O-123456), tote (W-000042-7) or the order's internal id",
  ),
})
export type PackingOpenBody = z.infer<typeof PackingOpenBodySchema>

export const PackingScanBodySchema = z.strictObject({
  code: requiredText(100).describe("The scanned item's barcode, or its SKU"),
})
export type PackingScanBody = z.infer<typeof PackingScanBodySchema>

export const PackedBodySchema = z.strictObject({
  weight: whole
    .min(1, { message: 'must be 1 g or more' })
    .max(MAX_PACKED_WEIGHT_GRAMS, { message: `must be at most ${MAX_PACKED_WEIGHT_GRAMS} g` })
    .describe('Grams, typed or from the scale'),
  parcels: whole
    .min(1, { message: 'must be 1 or more' })
    .max(MAX_PARCELS, { message: `must be at most ${MAX_PARCELS}` })
    .default(1),
})
export type PackedBody = z.infer<typeof PackedBodySchema>

export const PackingLineSchema = z.object({
  sku: z.string(),
  barcode: z.string(),
  product: z.object({ _id: IdSchema, name: z.string(), photo: z.string().nullable() }).nullable(),
  quantity: z.number().int().describe('Units the order takes'),
  packed: z.number().int().describe('Units scanned into the box so far'),
})
export type PackingLine = z.infer<typeof PackingLineSchema>

export const PackingSessionSchema = z
  .object({
    order: z.object({
      _id: IdSchema,
      internalNumericId: z.number().int(),
      code: z.string().describe('The packing slip barcode, O-123456'),
      clientOrderNr: z.string(),
      businessclient: z.string(),
      status: z.string(),
      warehouse: NamedRefSchema.nullable(),
      courier: NamedRefSchema.nullable(),
      instructions: z.string().describe('Packing instructions'),
      weight: z.number().int().nullable().describe('Grams, once packed'),
      parcels: z.number().int().nullable(),
      packedAt: z.string().nullable(),
      packedBy: z.string().nullable().describe('Username of the packer'),
    }),
    lines: z.array(PackingLineSchema),
    packer: z.string().nullable().describe('Username holding the order at a station now'),
    complete: z.boolean().describe('Every line packed exactly'),
  })
  .meta({ id: 'PackingSession' })
export type PackingSession = z.infer<typeof PackingSessionSchema>

export const PackingScanAnswerSchema = z.object({
  line: z.number().int().describe('Index of the line the item went to'),
  session: PackingSessionSchema,
})
export type PackingScanAnswer = z.infer<typeof PackingScanAnswerSchema>
