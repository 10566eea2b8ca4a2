import { z } from 'zod'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { instantInput } from '../common/input.ts'
import { NamedRefSchema } from '../stock/stock.schemas.ts'

/** Statuses of spec §4; 'Processed' is what receiving ends in (the list filter offers New and Processed). */
export const inboundStatuses = [
  'New',
  'pending',
  'Shipping',
  'Delivered',
  'Partially Delivered',
  'Processed',
] as const
export const InboundStatusSchema = z.enum(inboundStatuses)
export type InboundStatus = z.infer<typeof InboundStatusSchema>
export const inboundFilterStatuses = ['New', 'Processed'] as const

const date = instantInput()
const count = (max: number) =>
  z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must not be negative' })
    .max(max)
const measure = (max: number) =>
  z.number({ message: 'must be a number' }).min(0, { message: 'must not be negative' }).max(max)

export const InboundFiltersSchema = z
  .object({
    status: z.enum(inboundFilterStatuses).optional(),
    warehouse: IdSchema.optional(),
    businessclient: IdSchema.optional(),
    dateFrom: date.optional(),
    dateTo: date.optional(),
  })
  .default({})
export const InboundListBodySchema = z.object({
  filters: InboundFiltersSchema,
  itemsPerPage: z.coerce.number().int().min(0).max(1000).default(10).describe('0 = all'),
  currentPage: z.coerce.number().int().min(1).default(1),
})
export const InboundExportBodySchema = z.object({ filters: InboundFiltersSchema })

export const InboundPhotoSchema = z.object({ _id: IdSchema, publicurl: z.string(), filename: z.string() })

export const InboundShipmentSchema = z
  .object({
    _id: IdSchema,
    status: InboundStatusSchema,
    warehouse: NamedRefSchema,
    businessclient: NamedRefSchema,
    seller: NamedRefSchema.nullable().describe('The supplier company'),
    transporter: z.string(),
    nrOfPacks: z.number().int().nullable(),
    weightKg: z.number().nullable(),
    height: z.number().nullable().describe('cm'),
    volume: z.number().nullable().describe('m³'),
    comment: z.string(),
    goodsCount: z.number().int().describe('Number of received lines'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'InboundShipment' })
export type InboundShipment = z.infer<typeof InboundShipmentSchema>
export const InboundListSchema = z.object({
  list: z.array(InboundShipmentSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
})

export const GoodsReceivedSchema = z.object({
  _id: IdSchema,
  sku: z.string(),
  product: z
    .object({
      _id: IdSchema,
      name: z.string(),
      codes: z.object({ sku: z.string(), barcode: z.string() }),
      photos: z.array(z.string()).describe('Public URLs'),
    })
    .nullable()
    .describe('null while the goods are unpaired'),
  inventoryCard: z.object({ _id: IdSchema, description: z.string(), inhouse_position: z.string() }),
  stockMovement: z.object({ _id: IdSchema, quantity: z.number().int(), quantity_damaged: z.number().int() }),
  createdAt: z.iso.datetime(),
})
export const InboundShipmentDetailsSchema = InboundShipmentSchema.extend({
  photos: z.array(InboundPhotoSchema),
  goodsreceived: z.array(GoodsReceivedSchema),
  processedAt: z.iso.datetime().nullable(),
}).meta({ id: 'InboundShipmentDetails' })
export type InboundShipmentDetails = z.infer<typeof InboundShipmentDetailsSchema>

export const CreateInboundBodySchema = z.strictObject({
  warehouse: IdSchema,
  businessclient: IdSchema,
  seller: IdSchema.nullable().optional(),
  transporter: text(120).default(''),
  nrOfPacks: count(100_000).nullable().optional(),
  weightKg: measure(1_000_000).nullable().optional(),
  height: measure(100_000).nullable().optional(),
  volume: measure(100_000).nullable().optional(),
  comment: text(1000).default(''),
  photos: z.array(IdSchema).max(50).default([]).describe('Registered file ids (POST /api/files/create)'),
})
export type CreateInboundBody = z.infer<typeof CreateInboundBodySchema>

export const GoodsReceivedBodySchema = z.strictObject({
  sku: requiredText(100),
  quantity: count(1_000_000).describe('Good units, added to available'),
  quantity_damaged: count(1_000_000).default(0).describe('Damaged units, recorded but not stocked'),
  description: text(300).default(''),
  inhouse_position: text(60).default(''),
})
export type GoodsReceivedBody = z.infer<typeof GoodsReceivedBodySchema>
export const AddPhotosBodySchema = z.strictObject({
  photos: z.array(IdSchema).min(1, { message: 'is required' }).max(50),
})
