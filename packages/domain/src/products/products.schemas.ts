import { z } from 'zod'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { atLeastOneField, plainString } from '../common/input.ts'

/** Spec §9: the product search starts only with more than 2 characters. */
export const PRODUCT_SEARCH_MIN_CHARS = 3
/** Most rows one Excel upload may carry. */
export const MAX_IMPORT_ROWS = 10_000
/** Most photos of one product. */
export const MAX_PRODUCT_PHOTOS = 20

const grams = z
  .number()
  .int({ message: 'must be a whole number of grams' })
  .min(0, { message: 'must be 0 or more' })
const cm = z.number().min(0, { message: 'must be 0 or more' }).max(100_000, { message: 'is too large' })
const celsius = z
  .number()
  .min(-100, { message: 'must be -100 or more' })
  .max(100, { message: 'must be 100 or less' })

export const ProductPhotoSchema = z.object({ _id: IdSchema, publicurl: z.string() })
export const ProductClientIdSchema = z.object({
  _id: IdSchema,
  id: z.string().describe("The product's id in that e-shop"),
  eshop: z.object({ _id: IdSchema, eshopUrl: z.string() }),
})

/** A product as the API answers it; field names are the spec's (`proprities`, `dimentions`, `lenght`). */
export const ProductSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    codes: z.object({ sku: z.string(), barcode: z.string(), clientsku: z.string() }),
    color: z.string(),
    size: z.string(),
    photos: z.array(ProductPhotoSchema).describe('In display order'),
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    allowImportOrders: z.boolean().describe('Whether orders with this product are imported from e-shops'),
    proprities: z.object({
      weight: z.number().int().nullable().describe('grams'),
      dimentions: z.object({
        height: z.number().nullable().describe('cm'),
        lenght: z.number().nullable().describe('cm'),
        width: z.number().nullable().describe('cm'),
      }),
      note: z.string(),
    }),
    storage: z.object({ temp: z.number().nullable().describe('°C'), note: z.string() }),
    client_ids: z.array(ProductClientIdSchema).describe("The product's ids in connected e-shops"),
    description: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Product' })
export type Product = z.infer<typeof ProductSchema>

const propritiesInput = z.strictObject({
  weight: grams.nullable().optional().describe('grams'),
  dimentions: z
    .strictObject({
      height: cm.nullable().optional(),
      lenght: cm.nullable().optional(),
      width: cm.nullable().optional(),
    })
    .optional()
    .describe('cm'),
  note: text(1000).optional(),
})
const storageInput = z.strictObject({
  temp: celsius.nullable().optional().describe('°C'),
  note: text(1000).optional(),
})
const productFields = {
  name: requiredText(300),
  color: text(100),
  size: text(100),
  allowImportOrders: z.boolean(),
  proprities: propritiesInput,
  storage: storageInput,
  description: text(5000),
}

export const CreateProductBodySchema = z.strictObject({
  name: productFields.name,
  codes: z.strictObject({
    sku: requiredText(100),
    barcode: text(100).optional(),
    clientsku: text(100).optional(),
  }),
  color: productFields.color.optional(),
  size: productFields.size.optional(),
  allowImportOrders: productFields.allowImportOrders.optional(),
  proprities: productFields.proprities.optional(),
  storage: productFields.storage.optional(),
  description: productFields.description.optional(),
  businessclient: IdSchema.optional().describe(
    'Staff must name the business client; a client creates for itself',
  ),
})
export type CreateProductBody = z.infer<typeof CreateProductBodySchema>

export const UpdateProductBodySchema = atLeastOneField(
  z.strictObject({
    name: productFields.name.optional(),
    codes: z
      .strictObject({
        sku: requiredText(100).optional(),
        barcode: text(100).optional(),
        clientsku: text(100).optional(),
      })
      .optional(),
    color: productFields.color.optional(),
    size: productFields.size.optional(),
    allowImportOrders: productFields.allowImportOrders.optional(),
    proprities: productFields.proprities.optional(),
    storage: productFields.storage.optional(),
    description: productFields.description.optional(),
    photos: z
      .array(IdSchema)
      .max(MAX_PRODUCT_PHOTOS, { message: `at most ${MAX_PRODUCT_PHOTOS} photos` })
      .optional()
      .describe('The ordered photo list: ids of registered files of the same business client'),
  }),
).describe('A partial product in the answer’s nested shape')
export type UpdateProductBody = z.infer<typeof UpdateProductBodySchema>

const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })
const ids = z.union([IdSchema, z.array(IdSchema)]).transform((v) => (Array.isArray(v) ? v : [v]))

export const ProductListQuerySchema = z.object({
  currentPage: pageNumber.default(1),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(0, { message: 'must be 0 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(10)
    .describe('0 = every row (All)'),
  searchTerm: text(100)
    .optional()
    .describe('Name, SKU or barcode contains it; ignored with 2 characters or fewer'),
  businessclient: ids.optional().describe('Repeat to filter by several business clients'),
  warehouse: IdSchema.optional().describe('Only products with an inventory card in that warehouse'),
})
export const ProductListSchema = z.object({
  list: z.array(ProductSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
})

export const ProductDetailSchema = z.object({
  foundProduct: ProductSchema,
  notPairedOrders: z
    .number()
    .int()
    .describe("The business client's orders with a line of this SKU not paired with a product"),
})

/** 'Paired N orders'. */
export const PairToOrdersSchema = z.object({ paired: z.number().int() })

export const BulkUpdateProductsBodySchema = z.strictObject({
  ids: z.array(IdSchema).min(1, { message: 'is required' }).max(1000, { message: 'at most 1000 ids' }),
  query: z.strictObject({ allowImportOrders: z.boolean() }),
})
export const BulkUpdateAnswerSchema = z.object({ modified: z.number().int() })

export const AddEshopIdBodySchema = z.strictObject({
  productId: requiredText(100).describe("The product's id in the e-shop"),
  eshop: IdSchema.describe('An e-shop connection of the same business client'),
})
export const EshopIdParamsSchema = z.object({ id: IdSchema, itemId: IdSchema })

const importCell = z.union([plainString(), z.number()]).nullish()

/** One spreadsheet row as the web sends it (column order of spec §5); validated row by row on the server. */
export const ImportRowSchema = z.looseObject({
  name: importCell,
  codes: z.looseObject({ sku: importCell, barcode: importCell }).nullish(),
  color: importCell,
  size: importCell,
  proprities: z.looseObject({ weight: importCell }).nullish(),
})
export type ImportRow = z.infer<typeof ImportRowSchema>

export const ImportProductsBodySchema = z.strictObject({
  products: z
    .array(z.unknown())
    .min(1, { message: 'is required' })
    .max(MAX_IMPORT_ROWS, { message: `at most ${MAX_IMPORT_ROWS} rows` })
    .describe(
      'Rows { name, codes: { sku, barcode }, color, size, proprities: { weight } }; each validated on its own',
    ),
  businessclient: IdSchema.optional().describe(
    'Staff must name the business client; a client imports for itself',
  ),
})
/** Why a spreadsheet row was not saved, for the web to translate. */
export const importErrorCodes = ['REQUIRED', 'INVALID', 'DUPLICATE_IN_FILE', 'DUPLICATE_SKU'] as const
export const ImportErrorCodeSchema = z.enum(importErrorCodes)
export type ImportErrorCode = z.infer<typeof ImportErrorCodeSchema>

export const ImportResultSchema = z.object({
  sku: z.string(),
  name: z.string(),
  success: z.boolean(),
  error: z.string().optional().describe('Why the row was not saved (English)'),
  code: ImportErrorCodeSchema.optional().describe('Why the row was not saved, as a stable code'),
})
export type ImportResult = z.infer<typeof ImportResultSchema>
export const ImportAnswerSchema = z.array(ImportResultSchema).describe('One result per row, in row order')
