import { z } from 'zod'
import { NewPasswordSchema, SessionUserSchema } from '../auth/auth.schemas.ts'
import { IdSchema, requiredText } from '../common/ids.ts'
import { plainString } from '../common/input.ts'
import { SysLangSchema } from '../common/languages.ts'

/** The add-on's messages (spec §8), kept exactly, misspellings included. */
export const SHOPTET_MESSAGES = {
  activationExpired: 'Activation link expired. Reinstall ADDON.',
  updated: 'Updated',
  productsImported: 'All products have been imported succesfully',
  productsUpdated: 'All products have been updated succesfully',
} as const

/** Spec §9: product import starts at page 1 with 10 items per page (and continues page by page). */
export const SHOPTET_IMPORT_FIRST_PAGE = 1
export const SHOPTET_IMPORT_PAGE_SIZE = 10
/** How long an activation link stays valid after the install. */
export const SHOPTET_ACTIVATION_DAYS = 7
/** The order events that "enable order import" registers, and "off" removes. */
export const SHOPTET_ORDER_WEBHOOK_EVENTS = ['order:create', 'order:update', 'order:delete'] as const
/** The public path Shoptet delivers webhooks to (served by the order import): `<PUBLIC_URL>/api<path>`. */
export const SHOPTET_WEBHOOK_PATH = '/shoptet/webhooks'
/** The installation URL registered in Shoptet's partner admin: `<PUBLIC_URL>/api<path>`. */
export const SHOPTET_INSTALL_PATH = '/shoptet/install'

/** `GET /shoptet/install?code=…`: Shoptet's installation call. */
export const ShoptetInstallQuerySchema = z.object({
  code: requiredText(1000).describe('The single-use installation code (255 characters at Shoptet)'),
})
export const ShoptetInstallAnswerSchema = z.object({ ok: z.literal(true) })

/** `POST /shoptet/newinstall/activation` (spec §7 "E-shop platform"). */
export const ShoptetActivationBodySchema = z.object({
  activationkey: requiredText(200).describe('The key of the activation link'),
  password: NewPasswordSchema.describe('The password the user signs in with from now on (sign-up rules)'),
  syslang: SysLangSchema.default('CZ').describe('The user’s language (the link’s syslang; default CZ)'),
})
/** The signed-in session (as sign-in answers it: `token` included) and the activated connection's id. */
export const ShoptetActivationAnswerSchema = SessionUserSchema.extend({
  eshopId: IdSchema.describe('The activated connection: the web opens /eshops/shoptet/{eshopId}'),
}).meta({ id: 'ShoptetActivation' })
export type ShoptetActivationAnswer = z.infer<typeof ShoptetActivationAnswerSchema>

/**
 * The add-on's raw webhook management (spec: query `shoptet_eshopId` and `shoptet_oauthaccesstoken`).
 * Authorised by that pair (the stored OAuth token, compared in constant time) or by a signed-in admin,
 * who may leave the token out. Answers never echo a token.
 */
export const ShoptetWebhookQuerySchema = z.object({
  shoptet_eshopId: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be an integer' })
    .min(1, { message: 'must be 1 or more' })
    .max(2_147_483_647, { message: 'is too large' }),
  shoptet_oauthaccesstoken: plainString().max(1000).optional(),
})
export const ShoptetWebhookSchema = z
  .object({
    id: z.number().int(),
    event: z.string(),
    url: z.string(),
    created: z.string().nullable(),
    updated: z.string().nullable(),
  })
  .meta({ id: 'ShoptetWebhook' })
export type ShoptetWebhook = z.infer<typeof ShoptetWebhookSchema>
export const ShoptetWebhookListSchema = z.object({ webhooks: z.array(ShoptetWebhookSchema) })
const WebhookRegistrationSchema = z.object({
  event: requiredText(100).regex(/^[A-Za-z]+:[A-Za-z]+$/, {
    message: 'must be an event such as order:create',
  }),
  url: requiredText(2000).regex(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' }),
})
/** `data`: one registration or a list of up to 50 (Shoptet's limit per call). */
export const ShoptetWebhookCreateBodySchema = z.object({
  data: z.union([
    WebhookRegistrationSchema,
    z
      .array(WebhookRegistrationSchema)
      .min(1, { message: 'must list at least one webhook' })
      .max(50, { message: 'must list at most 50 webhooks' }),
  ]),
})
export const ShoptetWebhookIdParamsSchema = z.object({
  id: z.coerce.number({ message: 'must be a number' }).int().min(1).max(2_147_483_647),
})
export const ShoptetWebhookDeletedSchema = z.object({ deleted: z.number().int() })

/** Product import and update: a job walking Shoptet's product pages; its progress is polled. */
export const productImportKinds = ['import', 'update'] as const
export const ProductImportKindSchema = z.enum(productImportKinds)
export const productImportStatuses = ['queued', 'running', 'done', 'failed'] as const
export const ProductImportStatusSchema = z.enum(productImportStatuses)
export type ProductImportStatus = z.infer<typeof ProductImportStatusSchema>

export const ShoptetProductImportSchema = z
  .object({
    _id: IdSchema,
    eshop: IdSchema,
    businessclient: IdSchema,
    kind: ProductImportKindSchema,
    status: ProductImportStatusSchema,
    page: z.number().int().describe('The last page done (0 before the first)'),
    pageCount: z.number().int().nullable().describe('Shoptet’s page count, once the first page is read'),
    imported: z.number().int().describe('Products created'),
    updated: z.number().int().describe('Existing products linked or updated'),
    failed: z.number().int().describe('Variants that could not be saved'),
    error: z.string().nullable(),
    message: z
      .string()
      .nullable()
      .describe(`When done: '${SHOPTET_MESSAGES.productsImported}' or '${SHOPTET_MESSAGES.productsUpdated}'`),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ShoptetProductImport' })
export type ShoptetProductImport = z.infer<typeof ShoptetProductImportSchema>

/** `GET /shoptet/products` (spec §7: page, itemsPerPage, businessclient) starts the import. */
export const ShoptetProductImportQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { message: 'must be 1 or more' }).default(SHOPTET_IMPORT_FIRST_PAGE),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(100, { message: 'must be 100 or less' })
    .default(SHOPTET_IMPORT_PAGE_SIZE),
  businessclient: IdSchema.optional().describe('Staff: whose connection (a client: its own)'),
  eshop: IdSchema.optional().describe('The connection, when the business client has several'),
})
/** `PUT /shoptet/products` updates the linked products from Shoptet. */
export const ShoptetProductUpdateBodySchema = z.object({
  businessclient: IdSchema.optional().describe('Staff: whose connection (a client: its own)'),
  eshop: IdSchema.optional().describe('The connection, when the business client has several'),
})
