import { z } from 'zod'
import { IdSchema } from '../common/ids.ts'
import { orderStatuses } from '../orders/orders-rules.ts'

/** The home dashboard's windows and list sizes. */
export const DASHBOARD_DAYS = 30
export const DASHBOARD_TOP = 10

/** Statuses of orders that wait for someone's action (the "waiting" tile); in transit and final ones are not. */
export const waitingStatuses = [
  'New',
  'Draft',
  'Client editing',
  'Validated',
  'No goods',
  'Order Ready for picking',
  'Product Picking',
  'Packed',
  'In progress',
  'Error',
] as const

export const DashboardQuerySchema = z.object({
  businessclient: IdSchema.optional().describe('Staff: one business client'),
})

const moneyText = z.string().describe('Decimal with 2 places, as text (never a float)')
const client = z.object({ _id: IdSchema, name: z.string() })

export const DashboardSchema = z
  .object({
    computedAt: z
      .string()
      .describe('When these figures were computed (ISO 8601): they are kept up to DASHBOARD_CACHE_SECONDS'),
    ordersPerDay: z
      .array(
        z.object({
          day: z.string().describe('YYYY-MM-DD (UTC)'),
          status: orderStatuses,
          count: z.number().int(),
        }),
      )
      .describe('Orders created on each of the last 30 days, by their status now'),
    waiting: z
      .array(z.object({ status: orderStatuses, count: z.number().int() }))
      .describe('Orders waiting now, per status (only statuses with orders)'),
    stockAlerts: z.object({
      total: z.number().int().describe('Products with no free stock that No goods orders wait for'),
      products: z
        .array(
          z.object({
            product: IdSchema,
            sku: z.string(),
            name: z.string(),
            orders: z.number().int(),
            quantity: z.number().int().describe('Units the waiting orders need'),
          }),
        )
        .describe('The 10 waited for by the most orders'),
    }),
    unbilled: z
      .object({
        month: z.string().describe('YYYY-MM (UTC): services created this month and not on a bill yet'),
        totals: z.array(z.object({ currency: z.string(), amount: moneyText, count: z.number().int() })),
        clients: z
          .array(
            z.object({
              businessclient: client,
              currency: z.string(),
              amount: moneyText,
              count: z.number().int(),
            }),
          )
          .describe('Staff: the 10 largest per client and currency; a client: its own running bill'),
      })
      .nullable()
      .describe('null for a role that may not read services'),
    billsToIssue: z
      .object({
        count: z.number().int().describe('Unlocked bills'),
        overdue: z.number().int().describe('Unlocked bills past their issuing deadline'),
        soon: z
          .number()
          .int()
          .describe('Unlocked bills within BILL_DEADLINE_NEAR_DAYS (3) of their issuing deadline'),
        issueBy: z
          .string()
          .nullable()
          .describe('YYYY-MM-DD: the earliest issuing deadline of the unlocked bills (null: none)'),
      })
      .nullable()
      .describe(
        'Bills finance has to issue (lock) by their deadline (FINANCE.md "Deadline"); null for a role that ' +
          'may not lock bills',
      ),
    codWaiting: z.object({
      count: z.number().int(),
      countries: z
        .array(z.object({ country: z.string(), count: z.number().int(), amount: moneyText }))
        .describe('COD amounts per ship-to country (its currency)'),
    }),
  })
  .meta({ id: 'Dashboard' })
export type Dashboard = z.infer<typeof DashboardSchema>
