import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'
import { LOCATION_BULK_CAP, locationCount } from './location-rules.ts'

/**
 * Receiving: where inbound goods and returns land before putaway. Storage: everything on the pick path.
 * Packing: the packing stations, where picked goods wait in their totes until the order ships.
 */
export const locationKinds = ['receiving', 'storage', 'packing'] as const
export const LocationKindSchema = z.enum(locationKinds)
export type LocationKind = z.infer<typeof LocationKindSchema>

const code = requiredText(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'may hold only letters, digits, - . _ /' })
  .transform((v) => v.toUpperCase())
const part = text(10).default('')
const quantity = z
  .number({ message: 'must be a whole number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be 1 or more' })
  .max(1_000_000)

export const LocationSchema = z
  .object({
    _id: IdSchema,
    warehouse: IdSchema,
    code: z.string(),
    zone: z.string(),
    aisle: z.string(),
    rack: z.string(),
    level: z.string(),
    position: z.string(),
    pickOrder: z.number().int().describe('Place on the pick path: pickers walk locations in ascending order'),
    kind: LocationKindSchema,
    active: z.boolean(),
    quantity: z.number().int().describe('Units lying there (a client: only its own)'),
  })
  .meta({ id: 'Location' })
export type Location = z.infer<typeof LocationSchema>

export const LocationListQuerySchema = z.object({
  warehouse: IdSchema.describe('The warehouse whose locations are listed'),
  search: text(40).optional().describe('Start of the code'),
  zone: text(10).optional(),
  kind: LocationKindSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  occupied: z
    .enum(['true', 'false'])
    .optional()
    .describe('Only locations holding stock (true) or empty ones'),
  currentPage: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(50),
})
export type LocationListQuery = z.infer<typeof LocationListQuerySchema>
export const LocationListSchema = z.object({ list: z.array(LocationSchema), total: z.number().int() })

export const LocationCreateBodySchema = z.strictObject({
  warehouse: IdSchema,
  code,
  zone: part,
  aisle: part,
  rack: part,
  level: part,
  position: part,
  pickOrder: z.number().int().min(0).max(1_000_000_000).optional().describe('By default after the last one'),
  kind: LocationKindSchema.default('storage'),
})
export const LocationUpdateBodySchema = z.strictObject({
  zone: part.optional(),
  aisle: part.optional(),
  rack: part.optional(),
  level: part.optional(),
  position: part.optional(),
  pickOrder: z.number().int().min(0).max(1_000_000_000).optional(),
  active: z.boolean().optional(),
})

const range = (max: number) =>
  z
    .object({ from: z.number().int().min(0).max(max), to: z.number().int().min(0).max(max) })
    .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] })

export const LocationBulkBodySchema = z
  .strictObject({
    warehouse: IdSchema,
    zone: requiredText(10)
      .regex(/^[A-Za-z0-9]+$/, { message: 'may hold only letters and digits' })
      .transform((v) => v.toUpperCase()),
    aisles: range(999),
    racks: range(999),
    levels: range(99),
    positions: range(99).optional(),
  })
  .superRefine((body, ctx) => {
    const n = locationCount(body)
    if (n > LOCATION_BULK_CAP)
      ctx.addIssue({
        code: 'custom',
        path: ['aisles'],
        message: `the ranges make ${n} locations; at most ${LOCATION_BULK_CAP} at once`,
      })
  })
export type LocationBulkBody = z.infer<typeof LocationBulkBodySchema>
export const LocationBulkAnswerSchema = z.object({
  created: z.number().int(),
  skipped: z.array(z.string()).describe('Codes that already existed (left as they were)'),
})

/** One card's goods at a location. */
export const LocationContentLineSchema = z.object({
  inventoryCard: IdSchema,
  sku: z.string(),
  product: z.object({ _id: IdSchema, name: z.string(), barcode: z.string() }).nullable(),
  businessclient: NamedRefSchema,
  quantity: z.number().int(),
})
export type LocationContentLine = z.infer<typeof LocationContentLineSchema>
export const LocationContentsSchema = z
  .object({ location: LocationSchema, list: z.array(LocationContentLineSchema) })
  .meta({ id: 'LocationContents' })
export type LocationContents = z.infer<typeof LocationContentsSchema>

export const LocationScanQuerySchema = z.object({ warehouse: IdSchema, code })

/** A scan of a product: its barcode or SKU; `inventoryCard` only when one barcode is several clients' goods. */
const productScan = {
  barcode: requiredText(100).describe('The scanned product barcode, or its SKU'),
  inventoryCard: IdSchema.optional().describe('Which goods, when the barcode matches several clients'),
  quantity,
}
export const MoveBodySchema = z.strictObject({
  warehouse: IdSchema,
  from: code.describe('Code of the location the goods are taken from'),
  to: code.describe('Code of the location they are put in'),
  ...productScan,
})
export type MoveBody = z.infer<typeof MoveBodySchema>
export const PutawayBodySchema = z.strictObject({
  warehouse: IdSchema,
  to: code.describe("Code of the location; the goods come from the warehouse's receiving location"),
  ...productScan,
})
export type PutawayBody = z.infer<typeof PutawayBodySchema>
export const MoveAnswerSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  from: z.object({ code: z.string(), quantity: z.number().int().describe('Left there') }),
  to: z.object({ code: z.string(), quantity: z.number().int().describe('Now there') }),
})
export type MoveAnswer = z.infer<typeof MoveAnswerSchema>

export const PutawaySuggestionQuerySchema = z.object({
  warehouse: IdSchema,
  barcode: requiredText(100),
  inventoryCard: IdSchema.optional(),
})
export const PutawaySuggestionSchema = z.object({
  sku: z.string(),
  product: z.object({ _id: IdSchema, name: z.string() }).nullable(),
  atReceiving: z.number().int().describe('Units of it waiting in the receiving location'),
  location: z.object({ code: z.string(), quantity: z.number().int() }).nullable(),
  reason: z
    .enum(['sameSku', 'empty'])
    .nullable()
    .describe('sameSku: it already lies there; empty: the nearest empty location on the pick path'),
})
export type PutawaySuggestion = z.infer<typeof PutawaySuggestionSchema>

export const labelFormats = ['a4', 'thermal'] as const
export const LabelFormatSchema = z.enum(labelFormats)
export const LocationLabelsQuerySchema = z.object({
  warehouse: IdSchema,
  format: LabelFormatSchema.default('a4').describe(
    'a4: a sheet of 3 × 8 labels; thermal: one 100 × 150 mm label each',
  ),
  search: text(40).optional().describe('Only codes starting with this'),
  ids: text(40_000)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(IdSchema).max(1000))
    .describe('Comma-separated location ids (default: every active location of the warehouse)'),
})
