import { z } from 'zod'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { dateInput as anyDate } from '../common/input.ts'
import { OrderSchema } from './orders.schemas.ts'
import { orderStatuses } from './orders-rules.ts'

const dateInput = anyDate().describe('YYYY-MM-DD (a day: dateTo includes the whole day) or an ISO date-time')

const paging = {
  currentPage: z.number().int().min(1, { message: 'must be 1 or more' }).default(1),
  itemsPerPage: z
    .number()
    .int()
    .min(0, { message: 'must be 0 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(10)
    .describe('Spec §9: default 10; 0 = every row (All)'),
}

/** The orders list's filters, with the spec's payload names (§7 `POST /orders`). */
export const OrderListBodySchema = z.strictObject({
  ...paging,
  status: orderStatuses.optional().describe('The status tab; absent = All'),
  dateFrom: dateInput.optional(),
  dateTo: dateInput.optional(),
  use_createdAt: z
    .boolean()
    .default(true)
    .describe('true: dates filter and sort on createdAt; false: on updatedAt'),
  product: IdSchema.optional().describe('Orders with an item of this product'),
  skus: z
    .array(text(100))
    .max(100, { message: 'must have at most 100 SKUs' })
    .optional()
    .describe('Orders with an item of one of these SKUs'),
  country: text(100).optional().describe('Ship-to country'),
  courier: IdSchema.optional(),
  has_cod: z.boolean().optional().describe('Only COD orders'),
  no_cod: z.boolean().optional().describe('Only orders without COD'),
  all: z.boolean().optional().describe('Both (the default; wins over has_cod and no_cod)'),
  businessclient: IdSchema.optional().describe('Staff: one business client; a client sees only its own'),
})
export type OrderListBody = z.infer<typeof OrderListBodySchema>

export const orderSearchKeys = z.enum(['clientOrderNr', 'internalNumericId', 'customer'])

/**
 * The shortest term a "contains" search of orders takes: a shorter one has no trigram, so it would read
 * every order. The internal number (an equality) takes any length.
 */
export const ORDER_SEARCH_MIN_CHARS = 3

export const OrderSearchBodySchema = z
  .strictObject({
    ...paging,
    searchTerm: requiredText(100),
    key: orderSearchKeys
      .optional()
      .describe(
        'clientOrderNr (contains), internalNumericId (equals), customer (name or phone contains); ' +
          `absent = any of them. A term under ${ORDER_SEARCH_MIN_CHARS} characters needs internalNumericId.`,
      ),
  })
  .check((ctx) => {
    const { searchTerm, key } = ctx.value
    if (key !== 'internalNumericId' && searchTerm.trim().length < ORDER_SEARCH_MIN_CHARS) {
      ctx.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: ORDER_SEARCH_MIN_CHARS,
        inclusive: true,
        path: ['searchTerm'],
        input: searchTerm,
        message: `must have at least ${ORDER_SEARCH_MIN_CHARS} characters (or search by the internal number)`,
      })
    }
  })
export type OrderSearchBody = z.infer<typeof OrderSearchBodySchema>

/** A row of the orders list: the order without its change log and invoices. */
export const OrderListItemSchema = OrderSchema.omit({
  changeLogs: true,
  invoice: true,
  invoicing: true,
  shoptetInvoice: true,
}).meta({
  id: 'OrderListItem',
})
export type OrderListItem = z.infer<typeof OrderListItemSchema>

export const OrderListSchema = z.object({
  list: z.array(OrderListItemSchema).describe('Newest first by the chosen date'),
  total: z.number().int(),
  totals: z
    .array(z.object({ status: orderStatuses, count: z.number().int() }))
    .describe('Orders per status under the same filters except the status (the tabs)'),
  totalCapped: TotalCappedSchema,
})
export type OrderList = z.infer<typeof OrderListSchema>

/**
 * The three order exports (spec §7 Exports): the list's filters without paging, or the selected rows.
 * Answer: a streamed .xlsx; no matching order is a 404 whose message is 'No objects were found for export'.
 */
export const OrderExportBodySchema = OrderListBodySchema.omit({
  currentPage: true,
  itemsPerPage: true,
}).extend({
  ids: z
    .array(IdSchema)
    .min(1, { message: 'name at least one order' })
    .max(10_000, { message: 'must have at most 10000 orders' })
    .optional()
    .describe('The selected rows; when given, the filters are ignored'),
})
export type OrderExportBody = z.infer<typeof OrderExportBodySchema>
