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
