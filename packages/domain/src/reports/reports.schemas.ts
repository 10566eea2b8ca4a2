import { z } from 'zod'
import { IdSchema, text } from '../common/ids.ts'

export const NoGoodsQuerySchema = z.object({
  country: text(100).optional().describe("Ship-to country of the orders; absent or '' = all"),
  shipFrom: IdSchema.optional().describe('A warehouse: what is missing there'),
})

/**
 * Spec §3 No-goods group: orders in No goods, grouped by business client and ship-to country, with the
 * products they wait for and the quantities missing.
 */
export const NoGoodsGroupSchema = z
  .object({
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    country: z.string(),
    products: z.array(
      z.object({
        product: IdSchema.nullable().describe('null for an item not paired with a product yet'),
        sku: z.string(),
        name: z.string(),
        quantity: z.number().int().describe('Σ quantity ordered by the group’s No goods orders'),
        available: z.number().int().describe('Free stock now (in shipFrom when given, else everywhere)'),
        orders: z.number().int().describe('How many No goods orders wait for it'),
      }),
    ),
  })
  .meta({ id: 'NoGoodsGroup' })
export const NoGoodsReportSchema = z.array(NoGoodsGroupSchema)
export type NoGoodsGroup = z.infer<typeof NoGoodsGroupSchema>

/** Spec §9: the turnover report's windows (days) and its page size. */
export const TURNOVER_DAYS = [7, 14, 30] as const
export const TURNOVER_DEFAULT_DAYS = 7
export const TURNOVER_PAGE_SIZE = 10

export const StockTurnoverQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'must be 7, 14 or 30' })
    .refine((d) => (TURNOVER_DAYS as readonly number[]).includes(d), { message: 'must be 7, 14 or 30' })
    .default(TURNOVER_DEFAULT_DAYS)
    .describe('The window: units shipped in the last 7, 14 or 30 days'),
  warehouse: IdSchema.optional().describe('One warehouse; absent = all'),
  businessclient: IdSchema.optional().describe('Staff: one business client'),
  currentPage: z.coerce.number().int().min(1, { message: 'must be 1 or more' }).default(1),
})
export type StockTurnoverQuery = z.infer<typeof StockTurnoverQuerySchema>
export const StockTurnoverExportQuerySchema = StockTurnoverQuerySchema.omit({ currentPage: true })

/** Spec §3 Stock turnover row: one inventory card (a product's SKU in one warehouse). */
export const StockTurnoverRowSchema = z
  .object({
    _id: IdSchema.describe('The inventory card'),
    product: IdSchema.nullable().describe('null for goods not paired with a product yet'),
    product_sku: z.string(),
    product_name: z.string(),
    warehouse: IdSchema,
    warehouse_name: z.string(),
    stock: z.number().int().describe('Units in the warehouse now (available + blocked)'),
    turnover: z.number().int().describe('Units shipped to customers in the window'),
    days_of_inventory: z
      .number()
      .nullable()
      .describe('stock ÷ (turnover ÷ days), 1 decimal; null (shown ∞) when nothing shipped'),
  })
  .meta({ id: 'StockTurnoverRow' })
export type StockTurnoverRow = z.infer<typeof StockTurnoverRowSchema>
export const StockTurnoverReportSchema = z.object({
  list: z.array(StockTurnoverRowSchema),
  total: z.number().int().describe('Rows matching, for paging (page size 10)'),
  days: z.number().int(),
})
export type StockTurnoverReport = z.infer<typeof StockTurnoverReportSchema>
