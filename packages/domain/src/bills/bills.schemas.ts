import { z } from 'zod'
import { billDocumentKinds, serviceTriggers } from '../billing/billing-rules.ts'
import { IdSchema, text } from '../common/ids.ts'
import { dayInput, plainString } from '../common/input.ts'
import { hasAtMostDecimals } from '../common/money.ts'
import { CorrectionReasonSchema } from '../invoices/invoices.schemas.ts'
import { vatTreatmentKinds } from '../invoices/place-of-supply.ts'
import {
  BILLS_ALL,
  BILLS_PAGE_SIZE,
  billRunSkipReasons,
  billStatuses,
  billStatusFilters,
} from './bills-rules.ts'

const day = z.iso.date().describe('YYYY-MM-DD')
const amount = z.number().describe('2 decimals')
const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })
const decimals = (scale: number) => (v: number) => hasAtMostDecimals(v, scale)

/** Spec §3 Bill item. */
export const BillItemSchema = z.object({
  _id: IdSchema,
  description: z.string(),
  serviceType: z.string().nullable().describe('The service name it summarises (null: added by hand)'),
  quantity: z.number(),
  netto_price: amount.describe('Unit price without VAT (edit field NETTO)'),
  VAT_procent: z.number().describe('Edit field vat_procent'),
  netto_total: amount,
  VAT_amount: amount,
  brutto_total: amount.describe('quantity × netto_price × (100 + VAT) / 100, rounded to the cent'),
  product: z.object({ name: z.string() }).nullable(),
})
export type BillItem = z.infer<typeof BillItemSchema>

const partyAddress = z.object({
  street: z.string(),
  streetNr: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
})

/** Spec §3 Bill (also a bill credit note: `kind`), with the spec's field names. */
export const BillSchema = z.object({
  _id: IdSchema,
  kind: z.enum(billDocumentKinds),
  sequenceNumber: z.string().nullable().describe('null while unlocked (Pending for Approval)'),
  country: z.string().describe('The issuer’s country'),
  currency: z.string(),
  period: z.object({ start: day, end: day }),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  locked: z.boolean(),
  editable: z.boolean().describe('Items may change: unlocked (finance edits them)'),
  status: z.enum(billStatuses),
  dates: z.object({ issuedDate: day.nullable(), dueDate: day.nullable(), taxDate: day.nullable() }),
  issueBy: day
    .nullable()
    .describe(
      'A bill: the last day to issue (lock) it, its period’s end plus its issuer country’s deadline ' +
        '(FINANCE.md "Deadline": CZ and SK 15 days, RO 5 working days, BG 5 days); null for a credit note',
    ),
  totals: z.object({ NETTO_total: amount, VAT_total: amount, BRUTTO_total: amount }),
  creditNote: z
    .object({ _id: IdSchema, creditNoteNr: z.string().nullable() })
    .nullable()
    .describe('The credit note of this bill, if any'),
  bill: z
    .object({ _id: IdSchema, sequenceNumber: z.string().nullable() })
    .nullable()
    .describe('A credit note: the bill it corrects'),
  exchange: z
    .object({ currency: z.string(), rate: z.number(), date: day, VAT_total: amount })
    .nullable()
    .describe('A foreign-currency bill of a CZ/RO issuer: its VAT in the issuer’s currency'),
  items: z.array(BillItemSchema),
  legalMissing: z
    .array(z.string())
    .describe(
      'What the bill lacks under its issuer country’s legal content rules (FINANCE.md), as keys ' +
        "('customer.address', …); [] when complete. An unlocked bill is checked as its blocks are now; " +
        'locking checks the blocks it takes then, and refuses (409 LEGAL_CONTENT_MISSING)',
    ),
  businessclient: z.object({ _id: IdSchema, name: z.string(), address: partyAddress }),
  businessclientId: z.object({
    coid: z.string(),
    taxid: z.string(),
    register: z.string().describe('The client’s commercial register entry, printed on the bill when set'),
  }),
  issuer: z.object({
    _id: IdSchema,
    name: z.string(),
    address: partyAddress,
    bankaccounts: z.array(
      z.object({
        bankname: z.string(),
        currency: z.string(),
        accountNr: z.string(),
        bankCode: z.string(),
        IBAN: z.string(),
        SWIFT: z.string(),
      }),
    ),
  }),
  issuerId: z.object({ coid: z.string(), taxid: z.string() }),
  vatTreatment: z
    .enum(vatTreatmentKinds)
    .describe(
      'The VAT by the place of supply (FINANCE.md): reverse-charge for a VAT payer of another member state (0 %, wording printed), domestic otherwise, not-vat-payer for a non-payer issuer',
    ),
  note: z.string(),
  reason: z.string().describe("A credit note: why the bill is corrected (printed); '' for a bill"),
  createdAt: z.string(),
})
export type Bill = z.infer<typeof BillSchema>

/** A row of the bills list (no items). */
export const BillRowSchema = BillSchema.omit({ items: true, legalMissing: true })
export type BillRow = z.infer<typeof BillRowSchema>

/** Spec §7 `GET /bills?{filters, empty values dropped}`. */
export const BillListQuerySchema = z.object({
  dateFrom: dayInput().optional().describe('Bills whose period ends on or after this day'),
  dateTo: dayInput().optional().describe('Bills whose period starts on or before this day'),
  status: z.enum(billStatusFilters).optional(),
  businessclient: IdSchema.optional().describe('Staff: one business client'),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(BILLS_ALL, { message: `must be ${BILLS_ALL} or less` })
    .default(BILLS_PAGE_SIZE),
  page: pageNumber.default(1),
})
export type BillListQuery = z.infer<typeof BillListQuerySchema>

export const BillListSchema = z.object({ list: z.array(BillRowSchema), total: z.number().int() })
export type BillList = z.infer<typeof BillListSchema>

/** Spec §3 Service, as a bill lists it. */
export const BillServiceSchema = z.object({
  _id: IdSchema,
  serviceType: z.object({ name: z.string(), category: z.string() }),
  trigger: z.enum(serviceTriggers),
  triggerId: IdSchema.nullable(),
  triggerRef: z.string(),
  quantity: z.number(),
  unitPrice: amount,
  amount,
  currency: z.string(),
  country: z.string(),
  description: z.string(),
  serviceDate: day,
  createdAt: z.string(),
})
export type BillService = z.infer<typeof BillServiceSchema>

export const BillServicesQuerySchema = z.object({
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(BILLS_ALL, { message: `must be ${BILLS_ALL} or less` })
    .default(BILLS_PAGE_SIZE),
  page: pageNumber.default(1),
})

/** Spec §3 Bill services summary: per service name, with totals and a grand total. */
export const BillServicesSchema = z.object({
  foundServices: z.array(
    z.object({
      _id: z.string().describe('The currency of the group'),
      services: z.array(
        z.object({ service_details: z.object({ name: z.string() }), quantity: z.number(), total: amount }),
      ),
      grandTotal: amount,
    }),
  ),
  list: z.array(BillServiceSchema),
  total: z.number().int(),
})
export type BillServices = z.infer<typeof BillServicesSchema>

/** The bill-services export popup's filters (spec §7 Exports: a POST with filters). */
export const BillServicesExportBodySchema = z
  .strictObject({
    serviceType: text(40).optional().describe('One service name'),
    dateFrom: dayInput().optional(),
    dateTo: dayInput().optional(),
  })
  .default({})

/** `POST /bills/run`: bill a month's unbilled services (all clients, or one). */
export const BillRunBodySchema = z.strictObject({
  period: plainString()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month (YYYY-MM)' })
    .describe('The month whose services are billed'),
  businessclient: IdSchema.optional(),
})
export type BillRunBody = z.infer<typeof BillRunBodySchema>

export const BillRunResultSchema = z.object({
  bills: z.array(z.object({ _id: IdSchema, businessclientId: IdSchema, currency: z.string() })),
  services: z.number().int().describe('Services billed by this run'),
  skipped: z
    .array(
      z.object({
        country: z.string().describe('The services’ country (the issuer’s)'),
        services: z.number().int().describe('Services left unbilled'),
        businessclient: z.object({ _id: IdSchema, name: z.string() }).describe('Whose services they are'),
        reason: z
          .enum(billRunSkipReasons)
          .describe(
            "Why: 'no-issuer' (no issuer in the country), or the place-of-supply case the VAT rules refuse " +
              '(FINANCE.md: a client established outside the EU, storage taxed in a country without registration)',
          ),
        reasonCountry: z.string().describe('The country the reason names'),
        message: z.string().describe('The reason in English, as the VAT rules word it'),
      }),
    )
    .describe('Per client and country: services the run left unbilled, and why'),
})
export type BillRunResult = z.infer<typeof BillRunResultSchema>

const quantityInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1_000_000_000, { message: 'is too large' })
  .refine(decimals(3), { message: 'must have at most 3 decimals' })
const priceInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1e10, { message: 'is too large' })
  .refine(decimals(2), { message: 'must have at most 2 decimals' })
const vatInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(100, { message: 'must be at most 100' })
  .refine(decimals(2), { message: 'must have at most 2 decimals' })

/** Spec §3 Bill item edit fields: description, quantity, NETTO, vat_procent (one or more). */
export const BillItemUpdateBodySchema = z
  .strictObject({
    description: text(300).min(1, { message: 'is required' }).optional(),
    quantity: quantityInput.optional(),
    NETTO: priceInput.optional(),
    vat_procent: vatInput.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'must name at least one field to change',
  })
export type BillItemUpdateBody = z.infer<typeof BillItemUpdateBodySchema>

/** `POST /bills/{id}/creditnote`: the reason, required as on an invoice's credit note. */
export const BillCreditNoteBodySchema = z.strictObject({ reason: CorrectionReasonSchema })
export type BillCreditNoteBody = z.infer<typeof BillCreditNoteBodySchema>

export const BillItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema })
