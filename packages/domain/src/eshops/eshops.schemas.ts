import { z } from 'zod'
import { IdSchema } from '../common/ids.ts'
import { atLeastOneField } from '../common/input.ts'

/** Who invoices the orders of a connected shop (docs/FINANCE.md "Shoptet and our invoices"): never both. */
export const eshopInvoicings = ['expedo', 'shoptet'] as const
export const EshopInvoicingSchema = z.enum(eshopInvoicings)
export type EshopInvoicing = z.infer<typeof EshopInvoicingSchema>

/**
 * The connection as the settings screen shows it: `uninstalled` once Shoptet sent addon:uninstall (a
 * reinstall brings it back as `inactive`), `inactive` until activated or when switched off, `active`.
 */
export const eshopStatuses = ['active', 'inactive', 'uninstalled'] as const
export const EshopStatusSchema = z.enum(eshopStatuses)
export type EshopStatus = z.infer<typeof EshopStatusSchema>

/** The connection's Shoptet settings (spec §3 "E-shop connection": the dotted `shoptet_settings.*` keys). */
export const ShoptetSettingsSchema = z
  .object({
    import_orders_enabled: z
      .boolean()
      .describe('Order import on: the order webhooks are registered and the 2-minute pull runs'),
    import_orders_all: z.boolean().describe('Import every order (exclusive with the next)'),
    import_orders_only_selected_products: z
      .boolean()
      .describe('Import only orders with products whose allowImportOrders is on'),
    shipped_status_id: z
      .number()
      .int()
      .nullable()
      .describe('The Shoptet order status set when the order ships (null: the status is not changed)'),
    suppress_email_sending: z.boolean().describe('Shoptet sends no e-mail for that status change'),
    suppress_document_generation: z
      .boolean()
      .describe('Shoptet generates no document for that status change'),
    invoicing: EshopInvoicingSchema.describe('Who invoices the shop’s orders: Expedo or Shoptet'),
  })
  .meta({ id: 'ShoptetSettings' })
export type ShoptetSettings = z.infer<typeof ShoptetSettingsSchema>

const instant = () => z.string().nullable().describe('ISO 8601 date-time')

/** An e-shop connection (the list and the settings screen). Never carries a token or a key. */
export const EshopSchema = z
  .object({
    _id: IdSchema,
    platform: z.literal('shoptet'),
    eshopUrl: z.string(),
    isActive: z.boolean(),
    status: EshopStatusSchema,
    businessclient: IdSchema,
    businessclientName: z.string(),
    shoptet_eshopId: z.number().int().nullable().describe('The shop’s id at Shoptet'),
    shoptet_settings: ShoptetSettingsSchema,
    installedAt: instant(),
    activatedAt: instant(),
    uninstalledAt: instant(),
    lastSyncAt: instant().describe('The last successful order sync'),
    lastError: z.string().nullable().describe('The last sync error (cleared by a successful sync)'),
    lastErrorAt: instant(),
    failCount: z.number().int().describe('Failed syncs since the last successful one'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Eshop' })
export type Eshop = z.infer<typeof EshopSchema>

/** The list answers full connections; pickers read only `_id`, `eshopUrl`, `isActive`, `businessclient`. */
export const EshopSummarySchema = EshopSchema
export type EshopSummary = Eshop
export const EshopListSchema = z.array(EshopSchema)
export const EshopListQuerySchema = z.object({
  businessclient: IdSchema.optional().describe('Only the e-shops of that business client'),
})

/**
 * `PUT /settings/eshops/{id}`: `isActive` or dotted `shoptet_settings.*` keys (the web sends one at a time;
 * several are applied together, e.g. switching from "all orders" to "only selected products" at once).
 * The two import modes are exclusive: a state with both true is a 400.
 */
export const EshopUpdateBodySchema = atLeastOneField(
  z.strictObject({
    isActive: z.boolean().optional(),
    'shoptet_settings.import_orders_enabled': z.boolean().optional(),
    'shoptet_settings.import_orders_all': z.boolean().optional(),
    'shoptet_settings.import_orders_only_selected_products': z.boolean().optional(),
    'shoptet_settings.shipped_status_id': z
      .number()
      .int()
      .min(-2_147_483_648)
      .max(2_147_483_647)
      .nullable()
      .optional(),
    'shoptet_settings.suppress_email_sending': z.boolean().optional(),
    'shoptet_settings.suppress_document_generation': z.boolean().optional(),
    'shoptet_settings.invoicing': EshopInvoicingSchema.optional(),
  }),
)
export type EshopUpdateBody = z.infer<typeof EshopUpdateBodySchema>

/**
 * `GET /settings/eshops/{id}/auth` (admin only). The OAuth access token is never answered: only whether one
 * is stored and its last four characters, for support. The activation link is there for staff to hand over.
 */
export const EshopAuthSchema = z
  .object({
    _id: IdSchema,
    shoptet_eshopId: z.number().int().nullable(),
    businessclient: IdSchema,
    eshopUrl: z.string(),
    shoptet_oauthaccesstoken: z
      .string()
      .nullable()
      .describe('Masked: "…" and the last four characters, or null when none is stored'),
    hasWebhookSignatureKey: z.boolean(),
    activationLink: z
      .string()
      .nullable()
      .describe('/shoptet/newinstall/activation/{syslang}/{username}/{activationkey}, until used or expired'),
    activationExpiresAt: instant(),
    activationUsedAt: instant(),
  })
  .meta({ id: 'EshopAuth' })
export type EshopAuth = z.infer<typeof EshopAuthSchema>

/** A Shoptet order status, for the "status to set on shipping" select. */
export const ShoptetOrderStatusSchema = z.object({ id: z.number().int(), name: z.string() })
export const ShoptetOrderStatusListSchema = z.array(ShoptetOrderStatusSchema)
export type ShoptetOrderStatus = z.infer<typeof ShoptetOrderStatusSchema>
