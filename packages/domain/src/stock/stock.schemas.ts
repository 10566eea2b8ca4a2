import { z } from 'zod'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { instantInput } from '../common/input.ts'

/** Who or what wrote a stock movement (the spec's spelling `triggredBy` is the public contract). */
/** 'Return': a returned parcel's items put back on stock (issue 12). 'Move': goods moved between locations. */
export const movementTriggers = ['Inboundshipment', 'Order', 'Adjustment', 'Return', 'Move'] as const
export const MovementTriggerSchema = z.enum(movementTriggers)
export type MovementTrigger = z.infer<typeof MovementTriggerSchema>

const ids = z.array(IdSchema).max(1000).default([])
/** Page size 0 means every row (spec: page sizes 10, 20, 30, 50, All). */
const itemsPerPage = z.coerce.number().int().min(0).max(1000).default(10)
const currentPage = z.coerce.number().int().min(1).default(1)
/** Mongo-style sort direction the web sends: 1 ascending, -1 descending. */
export const SortDirectionSchema = z.union([z.literal(1), z.literal(-1)])
const date = instantInput()

export const WarehouseSchema = z
  .object({ _id: IdSchema, name: z.string(), country: z.string() })
  .meta({ id: 'Warehouse' })
export type Warehouse = z.infer<typeof WarehouseSchema>
export const WarehouseListQuerySchema = z.object({
  searchTerm: text(100).optional(),
  warehouse: IdSchema.optional().describe('Only this warehouse'),
})
export const WarehouseListSchema = z.array(WarehouseSchema)

export const CompanySchema = z
  .object({ _id: IdSchema, name: z.string(), country: z.string() })
  .meta({ id: 'Company' })
export const CompanyListSchema = z.array(CompanySchema)

export const NamedRefSchema = z.object({ _id: IdSchema, name: z.string() })

export const ProductDetailsSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  codes: z.object({ sku: z.string(), barcode: z.string() }),
})

/** One inventory card as the stock list shows it. `product_details` is null for unpaired goods. */
export const StockRowSchema = z
  .object({
    _id: IdSchema,
    product_details: ProductDetailsSchema.nullable(),
    sku: z.string(),
    businessclient: NamedRefSchema,
    warehouse: NamedRefSchema,
    available: z.number().int(),
    blocked: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'StockRow' })
export type StockRow = z.infer<typeof StockRowSchema>

/** The inventory card with its warehouse-side fields (movement page header, unpaired goods). */
export const InventoryCardSchema = StockRowSchema.extend({
  description: z.string(),
  inhouse_position: z.string(),
  createdAt: z.iso.datetime(),
}).meta({ id: 'InventoryCard' })
export type InventoryCard = z.infer<typeof InventoryCardSchema>

export const StockFiltersSchema = z
  .object({
    warehouse: ids.describe('Warehouse ids'),
    product: ids.describe('Product ids'),
    sku: text(100).default('').describe('SKU text search (contains, case-insensitive)'),
    businessclient: ids.describe('Business client ids (staff only; a client always sees its own)'),
  })
  .default({ warehouse: [], product: [], sku: '', businessclient: [] })

export const StockListBodySchema = z.object({
  filters: StockFiltersSchema,
  itemsPerPage,
  currentPage,
  sortTotal: SortDirectionSchema.optional().describe('Sort by total: 1 ascending, -1 descending'),
  sortName: SortDirectionSchema.optional().describe('Sort by product name'),
})
export type StockListBody = z.infer<typeof StockListBodySchema>
export const StockExportBodySchema = z
  .object({
    filters: StockFiltersSchema,
    atDate: date
      .optional()
      .describe(
        "Balances at this instant, as the list's beta 'date to' shows them (needs a warehouse filter)",
      ),
  })
  .superRefine((body, ctx) => {
    if (body.atDate && !body.filters.warehouse.length)
      ctx.addIssue({ code: 'custom', path: ['filters', 'warehouse'], message: 'is required with atDate' })
  })

export const StockTotalsSchema = z.object({
  available: z.number().int(),
  blocked: z.number().int(),
  total: z.number().int(),
})
export const StockListSchema = z.object({
  list: z.array(StockRowSchema),
  total: z.number().int().describe('Number of rows matching the filters'),
  totals: StockTotalsSchema.describe('Sums over every matching row'),
})

export const StockAtDateBodySchema = z.object({
  products: ids.describe('Product ids (empty: every product)'),
  warehouse: z
    .union([IdSchema, z.array(IdSchema).min(1, { message: 'is required' }).max(50)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .describe('One warehouse id or several'),
  atDate: date.describe('Balances after every movement made at or before this instant'),
  sku: text(100).default(''),
  businessclient: ids,
  itemsPerPage,
  currentPage,
})
export const StockAtDateSchema = z.object({
  atDate: z.iso.datetime(),
  list: z.array(StockRowSchema),
  total: z.number().int(),
})

export const WarehouseSkuParamsSchema = z.object({ warehouse_id: IdSchema, sku: requiredText(100) })
export const InventoryCardListSchema = z.array(InventoryCardSchema)
export const MovementParamsSchema = WarehouseSkuParamsSchema.extend({
  skip: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(500),
})

export const StockMovementSchema = z
  .object({
    _id: IdSchema,
    description: z.string(),
    triggredBy: MovementTriggerSchema,
    actionSource: z.object({ _id: IdSchema, clientOrderNr: z.string() }).nullable(),
    inventoryCard: IdSchema,
    sku: z.string(),
    createdAt: z.iso.datetime(),
    quantity: z.number().int().describe('+ in, − out'),
    quantity_damaged: z.number().int(),
    quantity_available: z.number().int().describe("The card's available balance right after the movement"),
    location: z
      .object({ _id: IdSchema, code: z.string() })
      .nullable()
      .describe('Where the goods came in or went out (null: before locations existed)'),
    total_after: z.number().int().describe("The card's total right after the movement"),
    warehouse: z.string().describe('Warehouse name'),
  })
  .meta({ id: 'StockMovement' })
export type StockMovement = z.infer<typeof StockMovementSchema>
export const MovementListSchema = z.object({
  list: z.array(StockMovementSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
})

export const ProductMovementsBodySchema = z.object({
  dateFrom: date.optional(),
  dateTo: date.optional(),
  description: text(200).default('').describe('Text search in the description'),
  currentPage,
  itemsPerPage,
})

export const AdjustBodySchema = z.strictObject({
  quantity: z
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, { message: 'must not be zero' })
    .describe('+ adds to available, − takes from it'),
  reason: requiredText(300),
  location: IdSchema.optional().describe(
    'The location counted (by default added stock lands in receiving and removed stock comes from where it lies)',
  ),
})
export const AdjustAnswerSchema = z.object({ card: InventoryCardSchema, movement: StockMovementSchema })

export const UnpairedQuerySchema = z.object({
  businessclient: IdSchema.optional(),
  warehouse: IdSchema.optional(),
  sku: text(100).optional(),
})
export const UnpairedListSchema = z.object({ list: z.array(InventoryCardSchema), total: z.number().int() })
export const PairBodySchema = z.strictObject({ product: IdSchema })
