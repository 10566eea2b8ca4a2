import { z } from 'zod'
import { IdSchema, requiredText, text } from '../common/ids.ts'

const productIds = z.array(IdSchema).max(1000, { message: 'at most 1000 products' })

export const ProductGroupMemberSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  codes: z.object({ sku: z.string(), barcode: z.string() }),
})

export const ProductGroupSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    products: z.array(ProductGroupMemberSchema).describe('Members, by name'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ProductGroup' })
export type ProductGroup = z.infer<typeof ProductGroupSchema>

export const CreateProductGroupBodySchema = z.strictObject({
  name: requiredText(200),
  products: productIds.default([]).describe('Products of the same business client'),
  businessclient: IdSchema.optional().describe(
    'Staff: the business client (else the first product’s); a client creates for itself',
  ),
})
export const RenameProductGroupBodySchema = z.strictObject({ name: requiredText(200) })
export const AddGroupProductsBodySchema = z.strictObject({
  products: productIds.min(1, { message: 'is required' }),
})
export const GroupProductParamsSchema = z.object({ id: IdSchema, productId: IdSchema })

const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })
export const ProductGroupListQuerySchema = z.object({
  currentPage: pageNumber.default(1),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(0, { message: 'must be 0 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(10)
    .describe('0 = every row (All)'),
  searchTerm: text(100).optional().describe('Name contains it; ignored with 2 characters or fewer'),
})
export const ProductGroupListItemSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  businessclient: z.object({ _id: IdSchema, name: z.string() }),
  productsCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export const ProductGroupListSchema = z.object({
  list: z.array(ProductGroupListItemSchema),
  total: z.number().int(),
})
export const DeletedAnswerSchema = z.object({ _id: IdSchema })
