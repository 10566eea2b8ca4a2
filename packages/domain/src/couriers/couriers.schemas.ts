import { z } from 'zod'
import { IdSchema, text } from '../common/ids.ts'

/** Spec §7 `GET /couriers` (optional repeated country, name). */
export const CourierListQuerySchema = z.object({
  country: z
    .union([text(100), z.array(text(100)).max(50)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .describe('Repeatable: couriers serving any of these countries'),
  name: text(100).optional().describe('Name contains'),
})

export const CourierSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    country: z.string(),
    isDefault: z.boolean().describe('The default courier of its country'),
    officePickup: z.boolean().describe('ECONT and ECONT_GR: orders choose an office (spec §9)'),
  })
  .meta({ id: 'Courier' })
export type Courier = z.infer<typeof CourierSchema>
export const CourierListSchema = z.array(CourierSchema)

/** Spec §9: the couriers whose orders get the office pick-up panel. */
export const officePickupCouriers = ['ECONT', 'ECONT_GR'] as const
