import { z } from 'zod'
import { CurrencySchema } from '../common/currencies.ts'
import { IdSchema, text } from '../common/ids.ts'
import { dayInput } from '../common/input.ts'
import { hasAtMostDecimals } from '../common/money.ts'

/** COD: expected (shipped, COD WAITING, no payout) → collected (payout matched) → transferred. */
export const codTransferStatuses = ['New', 'Sent', 'Paid'] as const
export type CodTransferStatus = (typeof codTransferStatuses)[number]
/** New → Sent → Paid, one step at a time (finance). */
export const codTransferNext: Record<CodTransferStatus, CodTransferStatus | null> = {
  New: 'Sent',
  Sent: 'Paid',
  Paid: null,
}
export const codMismatchKinds = ['amount_differs', 'unknown_tracking', 'not_paid'] as const
export type CodMismatchKind = (typeof codMismatchKinds)[number]
export const codMismatchStatuses = ['open', 'accepted', 'adjusted', 'written_off'] as const
export type CodMismatchStatus = (typeof codMismatchStatuses)[number]
export const codResolveActions = ['accept', 'adjust', 'write_off'] as const
export type CodResolveAction = (typeof codResolveActions)[number]
/** Days after shipping an order may wait for its payout before it is a 'not_paid' mismatch. */
export const COD_NOT_PAID_DAYS = 30
export const TRANSFERS_PAGE_SIZE = 10
export const TRANSFERS_ALL = 1000
/** At most this many rows in one payout report (import or upload). */
export const MAX_PAYOUT_ROWS = 200_000

const amount = z.number().describe('2 decimals')
const money = z
  .number({ message: 'must be a number' })
  .refine((v) => hasAtMostDecimals(v, 2), { message: 'must have at most 2 decimals' })
const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })
const pageSize = z.coerce
  .number()
  .int()
  .min(1, { message: 'must be 1 or more' })
  .max(TRANSFERS_ALL, { message: `must be ${TRANSFERS_ALL} or less` })

/** `POST /cod/payouts/econt`: Econt's PaymentReport for a date range. */
export const CodEcontImportBodySchema = z
  .strictObject({ dateFrom: dayInput(), dateTo: dayInput() })
  .refine((b) => b.dateFrom <= b.dateTo, { message: 'must not be before dateFrom', path: ['dateTo'] })
export type CodEcontImportBody = z.infer<typeof CodEcontImportBodySchema>

/** What an import did: new payout lines, lines already imported, and how they matched. */
export const CodImportResultSchema = z.object({
  rows: z.number().int().describe('Payout lines in the report'),
  imported: z.number().int().describe('New lines (a line imported before is skipped)'),
  duplicates: z.number().int(),
  collected: z.number().int().describe('Orders marked collected (amount equal)'),
  mismatched: z.number().int().describe('New mismatches (amount differs, unknown tracking id)'),
  amountDiffers: z.number().int(),
  unknownTracking: z.number().int(),
})
export type CodImportResult = z.infer<typeof CodImportResultSchema>

/** `POST /cod/mismatches/check-unpaid`: orders shipped more than `days` ago without a payout. */
export const CodCheckUnpaidBodySchema = z.strictObject({
  days: z.number().int().min(1, { message: 'must be 1 or more' }).max(3650).optional(),
})
export const CodCheckUnpaidResultSchema = z.object({ notPaid: z.number().int() })

export const CodMismatchSchema = z.object({
  _id: IdSchema,
  kind: z.enum(codMismatchKinds),
  status: z.enum(codMismatchStatuses),
  trackingId: z.string(),
  currency: z.string(),
  expected: amount.nullable(),
  received: amount.nullable(),
  order: z.object({ _id: IdSchema, clientOrderNr: z.string(), internalNumericId: z.number() }).nullable(),
  businessclient: z.object({ _id: IdSchema, name: z.string() }).nullable(),
  payout: z.object({ _id: IdSchema, paidDate: z.string().nullable(), reportId: z.string() }).nullable(),
  reason: z.string(),
  resolvedBy: z.string().nullable().describe('The username'),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  actions: z.array(
    z.object({
      action: z.string(),
      amount: amount.nullable(),
      reason: z.string(),
      username: z.string(),
      at: z.string(),
    }),
  ),
})
export type CodMismatch = z.infer<typeof CodMismatchSchema>

export const CodMismatchListQuerySchema = z.object({
  status: z.enum(codMismatchStatuses).optional(),
  kind: z.enum(codMismatchKinds).optional(),
  businessclient: IdSchema.optional(),
  currentPage: pageNumber.default(1),
  itemsPerPage: pageSize.default(TRANSFERS_PAGE_SIZE),
})
export type CodMismatchListQuery = z.infer<typeof CodMismatchListQuerySchema>
export const CodMismatchListSchema = z.object({ list: z.array(CodMismatchSchema), total: z.number().int() })
export type CodMismatchList = z.infer<typeof CodMismatchListSchema>

export const CodResolveBodySchema = z
  .strictObject({
    action: z.enum(codResolveActions),
    amount: money.min(0, { message: 'must be 0 or more' }).optional(),
    reason: text(500).default(''),
  })
  .superRefine((b, ctx) => {
    if ((b.action === 'adjust' || b.action === 'write_off') && !b.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required' })
    }
    if (b.action === 'adjust' && b.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is required' })
    }
  })
export type CodResolveBody = z.infer<typeof CodResolveBodySchema>

/** Spec §3 Transfer (COD): _id, tranfferNr, toBankAccount, amount, currency, status, createdAt. */
export const TransferSchema = z.object({
  _id: IdSchema,
  tranfferNr: z.string(),
  toBankAccount: z.object({
    accountNr: z.string(),
    bankCode: z.string(),
    IBAN: z.string(),
    SWIFT: z.string(),
  }),
  amount,
  codTotal: amount.describe('Σ COD of its orders'),
  netting: z
    .object({
      amount,
      bills: z.array(z.object({ _id: IdSchema, sequenceNumber: z.string(), amount })),
    })
    .describe('The client’s unpaid locked bills netted (amount 0: none)'),
  ordersCount: z.number().int(),
  currency: z.string(),
  status: z.enum(codTransferStatuses),
  businessclient: z.object({ _id: IdSchema, name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Transfer = z.infer<typeof TransferSchema>

/** Spec §7 `GET /transffers?{filters}`. */
export const TransferListQuerySchema = z.object({
  status: z.enum(codTransferStatuses).optional(),
  businessclient: IdSchema.optional().describe('Staff: one business client'),
  currentPage: pageNumber.default(1),
  itemsPerPage: pageSize.default(TRANSFERS_PAGE_SIZE),
})
export type TransferListQuery = z.infer<typeof TransferListQuerySchema>
export const TransferListSchema = z.object({ list: z.array(TransferSchema), total: z.number().int() })
export type TransferList = z.infer<typeof TransferListSchema>

export const TransferOrderSchema = z.object({
  _id: IdSchema,
  clientOrderNr: z.string(),
  internalNumericId: z.number(),
  status: z.string(),
  trackingId: z.string(),
  customer: z.string(),
  country: z.string(),
  codAmount: amount.describe('The COD the order expected'),
  collected: amount.describe('The COD the courier paid (after resolution)'),
  invoiced: amount
    .nullable()
    .describe(
      'The order’s issued invoices net of their credit notes (goods and shipping); null: not invoiced',
    ),
  invoiceDifference: amount
    .nullable()
    .describe('collected − invoiced: what the COD and the invoice disagree on (0 when they reconcile)'),
})
export type TransferOrder = z.infer<typeof TransferOrderSchema>

export const TransferDetailQuerySchema = z.object({
  currentPage: pageNumber.default(1),
  itemsPerPage: pageSize.default(TRANSFERS_PAGE_SIZE),
})
export const TransferDetailSchema = TransferSchema.extend({
  orders: z.object({ list: z.array(TransferOrderSchema), total: z.number().int() }),
})
export type TransferDetail = z.infer<typeof TransferDetailSchema>

export const TransferCreateBodySchema = z.strictObject({
  businessclient: IdSchema,
  currency: CurrencySchema,
  netBills: z.boolean().optional(),
})
export type TransferCreateBody = z.infer<typeof TransferCreateBodySchema>

/** What a new transfer would take: the collected, not yet transferred COD of a client in a currency. */
export const TransferPreviewQuerySchema = z.object({ businessclient: IdSchema, currency: CurrencySchema })
export const TransferPreviewSchema = z.object({
  ordersCount: z.number().int(),
  amount,
  currency: z.string(),
})
export type TransferPreview = z.infer<typeof TransferPreviewSchema>

export const TransferUpdateBodySchema = z.strictObject({ status: z.enum(codTransferStatuses) })
export const TransferPaymentFileBodySchema = z.strictObject({
  transfers: z
    .array(IdSchema)
    .min(1, { message: 'is required' })
    .max(500, { message: 'at most 500 transfers' }),
})
export type TransferPaymentFileBody = z.infer<typeof TransferPaymentFileBodySchema>
