import { z } from 'zod'
import { IdSchema } from '../common/ids.ts'

/** An e-shop connection as pickers see it; the e-shop issue adds its settings. */
export const EshopSummarySchema = z
  .object({
    _id: IdSchema,
    eshopUrl: z.string(),
    isActive: z.boolean(),
    businessclient: IdSchema,
  })
  .meta({ id: 'EshopSummary' })
export type EshopSummary = z.infer<typeof EshopSummarySchema>
export const EshopListSchema = z.array(EshopSummarySchema)
export const EshopListQuerySchema = z.object({
  businessclient: IdSchema.optional().describe('Only the e-shops of that business client'),
})
