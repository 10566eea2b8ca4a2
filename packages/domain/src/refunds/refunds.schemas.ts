import { z } from 'zod'
import { CountryNameSchema } from '../common/countries.ts'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { dayInput } from '../common/input.ts'
import { hasAtMostDecimals } from '../common/money.ts'
import {
  REFUNDS_ALL,
  REFUNDS_PAGE_SIZE,
  refundBankProblems,
  refundCurrency,
  refundDecisions,
  refundResults,
  refundSortColumns,
  refundStatuses,
} from './refunds-rules.ts'

const amount = z.number().describe('2 decimals')

/** Spec §3 Refund, with the spec's field names. */
export const RefundSchema = z
  .object({
    _id: IdSchema,
    refundid: z.string().describe('The human number, R-000001'),
    order: z.object({ _id: IdSchema, clientOrderNr: z.string() }),
    inboundparcel: z
      .object({ _id: IdSchema })
      .nullable()
      .describe('The returned parcel this refund belongs to; null: none'),
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    status: z.enum(refundStatuses),
    error_msgs: z.array(z.string()).describe('The bank’s reasons of an error'),
    name: z.string(),
    phone: z.string(),
    country: z.string(),
    city: z.string(),
    street: z.string(),
    amount,
    currency: z.string(),
    IBAN: z.string(),
    account_nr: z.string(),
    account_code: z.string(),
    editable: z
      .boolean()
      .describe('Edit and delete are allowed (not Refunded, not Pending Bank Confirmation)'),
    sentAt: z.string().nullable().describe('When a payment file included it'),
    refundedAt: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Refund' })
export type Refund = z.infer<typeof RefundSchema>

const amountInput = z
  .number({ message: 'must be a number' })
  .positive({ message: 'must be more than 0' })
  .max(999_999_999_999.99, { message: 'is too large' })
  .refine((v) => hasAtMostDecimals(v, 2), { message: 'must have at most 2 decimals' })

/** The editable fields (spec §7 `PUT /refunds/{id}`). */
const refundFields = {
  name: requiredText(200),
  phone: text(50).default(''),
  country: CountryNameSchema,
  city: requiredText(100),
  street: requiredText(200),
  amount: amountInput,
  currency: z
    .enum(['EUR', 'CZK'], { message: 'must be EUR or CZK' })
    .optional()
    .describe('CZK when the country is Czech, otherwise EUR (derived when absent)'),
  IBAN: text(42)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .default(''),
  account_nr: text(30).default(''),
  account_code: text(10).default(''),
}

type FieldsValue = {
  country: string
  currency?: 'EUR' | 'CZK' | undefined
  IBAN: string
  account_nr: string
  account_code: string
}

/** The currency rule (spec §5) and the bank data it asks for, as issues on their fields. */
function checkBank(ctx: z.core.ParsePayload<FieldsValue>) {
  const { value } = ctx
  const expected = refundCurrency(value.country)
  if (value.currency && value.currency !== expected) {
    ctx.issues.push({
      code: 'custom',
      path: ['currency'],
      input: value.currency,
      message: `must be ${expected} for ${value.country}`,
    })
    return
  }
  const problems = refundBankProblems({ ...value, currency: expected })
  for (const [field, message] of Object.entries(problems))
    ctx.issues.push({ code: 'custom', path: [field], input: value[field as keyof FieldsValue], message })
}

/** Spec §7 `POST /refunds`: the 'Create New Refund' form. */
export const RefundCreateBodySchema = z
  .strictObject({
    order: IdSchema.describe('The order refunded (the caller’s own)'),
    inboundparcel: IdSchema.nullable().optional().describe('The returned parcel, when there is one'),
    ...refundFields,
  })
  .check(checkBank)
export type RefundCreateBody = z.infer<typeof RefundCreateBodySchema>

/** Spec §7 `PUT /refunds/{id}`: name, country, city, street, amount, IBAN, account_nr, account_code, currency, phone. */
export const RefundUpdateBodySchema = z.strictObject(refundFields).check(checkBank)
export type RefundUpdateBody = z.infer<typeof RefundUpdateBodySchema>

/** Spec §7 `PUT /refunds`: `{refunds: [ids], status}` (Approved or Rejected). */
export const RefundBulkStatusBodySchema = z.strictObject({
  refunds: z
    .array(IdSchema)
    .min(1, { message: 'name at least one refund' })
    .max(1000, { message: 'must have at most 1000 refunds' }),
  status: z.enum(refundDecisions, { message: 'must be Approved or Rejected' }),
})
export type RefundBulkStatusBody = z.infer<typeof RefundBulkStatusBodySchema>

/** Which refunds changed and which were refused (with the reason), so the screen can say so. */
export const RefundBulkStatusResultSchema = z
  .object({
    updated: z.array(z.object({ _id: IdSchema, refundid: z.string() })),
    refused: z.array(
      z.object({
        _id: IdSchema,
        refundid: z.string().nullable().describe('null: not found'),
        status: z.enum(refundStatuses).nullable(),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'RefundBulkStatusResult' })
export type RefundBulkStatusResult = z.infer<typeof RefundBulkStatusResultSchema>

const pageNumber = z.coerce
  .number({ message: 'must be a number' })
  .int()
  .min(1, { message: 'must be 1 or more' })

/** The list's filters, shared by the export (spec §7 `GET /refunds`). */
export const refundFilterFields = {
  searchTerm: text(100).optional().describe('Refund number, name, phone or the order number (contains)'),
  dateFrom: dayInput().optional().describe('Created on or after this day'),
  dateTo: dayInput().optional().describe('Created on or before this day (the whole day)'),
  status: z.enum(refundStatuses, { message: 'must be a refund status' }).optional(),
  businessclient: IdSchema.optional().describe('Staff: one business client (a client always sees its own)'),
  sortColumn: z
    .enum(refundSortColumns, { message: `must be one of ${refundSortColumns.join(', ')}` })
    .default('createdAt'),
  sortType: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('desc'),
}

export const RefundListQuerySchema = z.object({
  ...refundFilterFields,
  currentPage: pageNumber.default(1),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(REFUNDS_ALL, { message: `must be ${REFUNDS_ALL} or less` })
    .default(REFUNDS_PAGE_SIZE),
})
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>
export const RefundExportQuerySchema = z.object(refundFilterFields)
export type RefundExportQuery = z.infer<typeof RefundExportQuerySchema>

export const RefundListSchema = z.object({
  list: z.array(RefundSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
})
export type RefundList = z.infer<typeof RefundListSchema>

/** Finance: a payment file of the chosen Approved refunds, or of every Approved refund. */
export const RefundPaymentFileBodySchema = z.strictObject({
  refunds: z
    .array(IdSchema)
    .min(1, { message: 'name at least one refund' })
    .max(5000, { message: 'must have at most 5000 refunds' })
    .optional()
    .describe('Absent: every Approved refund'),
  currency: z
    .enum(['EUR', 'CZK'], { message: 'must be EUR or CZK' })
    .optional()
    .describe('Only the refunds in this currency (one file per paying issuer)'),
})
export type RefundPaymentFileBody = z.infer<typeof RefundPaymentFileBodySchema>
export const RefundPaymentFileSchema = z
  .unknown()
  .describe(
    'application/xml: ISO 20022 pain.001.001.03, one file per debtor account; application/zip of those files when the refunds are paid from several accounts',
  )

/** Finance: the bank's answer to a sent refund. */
export const RefundResultBodySchema = z
  .strictObject({
    status: z.enum(refundResults, { message: 'must be Refunded or error' }),
    error_msgs: z.array(requiredText(500)).max(20, { message: 'must have at most 20 messages' }).optional(),
  })
  .check((ctx) => {
    if (ctx.value.status === 'error' && !ctx.value.error_msgs?.length)
      ctx.issues.push({
        code: 'custom',
        path: ['error_msgs'],
        input: ctx.value.error_msgs,
        message: 'is required for error',
      })
  })
export type RefundResultBody = z.infer<typeof RefundResultBodySchema>
