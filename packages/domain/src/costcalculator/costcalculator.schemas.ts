import { z } from 'zod'

/** `GET /costcalculator/me`: the signed-in client's own numbers of the last 30 days, to prefill the calculator. */
export const MyCostsSchema = z
  .object({
    orders: z.number().int().describe('The client’s orders created in the last 30 days'),
    costs: z
      .array(
        z.object({
          currency: z.string(),
          total: z.number().describe('Σ services.amount of the last 30 days in this currency'),
          shippedOrders: z
            .number()
            .int()
            .describe('Orders shipped (services with trigger Order) in those days'),
          perOrder: z.number().nullable().describe('total ÷ shippedOrders; null when none shipped'),
        }),
      )
      .describe('One row per currency the client was charged in'),
  })
  .meta({ id: 'MyCosts' })
export type MyCosts = z.infer<typeof MyCostsSchema>
