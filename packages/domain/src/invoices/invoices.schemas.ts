import { z } from 'zod'
import { CountryNameSchema } from '../common/countries.ts'
import { CurrencySchema } from '../common/currencies.ts'
import { TotalCappedSchema } from '../common/http.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { dayInput } from '../common/input.ts'
import { hasAtMostDecimals } from '../common/money.ts'
import { documentKinds, INVOICES_PAGE_SIZE, isValidNumberFormat } from './invoices-rules.ts'
import { vatTreatmentKinds } from './place-of-supply.ts'

/** A day as the documents carry it. */
const day = z.iso.date().describe('YYYY-MM-DD')
const amount = z.number().describe('2 decimals')

const decimals = (scale: number) => (v: number) => hasAtMostDecimals(v, scale)
const quantityInput = z
  .number({ message: 'must be a number' })
  .min(0, { message: 'must be 0 or more' })
  .max(1_000_000, { message: 'must be at most 1000000' })
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

export const DocumentKindSchema = z.enum(documentKinds)

/** Spec §3 Invoice item. */
export const InvoiceItemSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  netto_price: amount.describe('Unit price without VAT'),
  VAT_procent: z.number(),
  VAT_amount: amount.describe('The line’s VAT: brutto_total − netto_total'),
  price: amount.describe('Unit price with VAT: (1 + VAT/100) × netto_price'),
  netto_total: amount,
  brutto_total: amount,
  credited: z.number().describe('An invoice line: the quantity its issued credit notes took (0 on others)'),
  grossPriced: z
    .boolean()
    .describe('A gross-priced line (an order’s): brutto_total is what was paid, its VAT computed from above'),
})
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>

const docRef = z.object({ _id: IdSchema, sequenceNumber: z.string().nullable() })

export const InvoiceCustomerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  street: z.string(),
  streetNr: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  taxId: z.string(),
  companyId: z.string(),
  email: z.string(),
  phone: z.string(),
})

/** Spec §3 Invoice (also a credit note: `kind`), with the spec's field names. */
export const InvoiceSchema = z
  .object({
    _id: IdSchema,
    kind: DocumentKindSchema,
    sequenceNumber: z.string().nullable().describe('null: a draft, printed PROFORMA'),
    country: z.string().describe('The customer’s country: the series and the report group by it'),
    currency: z.string(),
    variableSymbol: z.string(),
    VAT_total: amount,
    NETTO_total: amount,
    BRUTTO_total: amount,
    paymentType: z.string(),
    actionSourceId: z
      .object({ _id: IdSchema, clientOrderNr: z.string(), internalNumericId: z.number().int() })
      .nullable()
      .describe('The order the document was made from'),
    creditNote: docRef
      .nullable()
      .describe('An invoice: its latest credit note; a credit note: null (see `invoice`)'),
    creditNotes: z.array(docRef.extend({ BRUTTO_total: amount, issuedDate: day })),
    invoice: docRef.extend({ issuedDate: day }).nullable().describe('A credit note: the invoice it corrects'),
    reason: z.string().describe('A credit note: why (printed)'),
    vatTreatment: z
      .enum(vatTreatmentKinds)
      .describe(
        'The VAT by the place of supply (FINANCE.md): domestic, oss (destination rate), intra-community-exempt, reverse-charge or not-vat-payer; the exemption wording is printed for intra-community-exempt',
      ),
    businessclient: z.object({
      _id: IdSchema,
      name: z.string(),
      vatPayer: z.boolean(),
      address: z.object({
        country: z.string(),
        city: z.string(),
        street: z.string(),
        streetNr: z.string(),
        postcode: z.string(),
      }),
      contacts: z.array(z.object({ email: z.string() })),
      bankaccounts: z.array(
        z.object({
          addressCountry: z.string(),
          bankname: z.string(),
          currency: z.string(),
          accountNr: z.string(),
          bankCode: z.string(),
          IBAN: z.string(),
          SWIFT: z.string(),
        }),
      ),
      companyids: z.array(
        z.object({ country: z.string(), coid: z.string(), taxid: z.string(), register: z.string() }),
      ),
      vatRegistration: z
        .string()
        .describe(
          'The country of the VAT registration the document is issued under: its company ids (of `companyids`) ' +
            'are printed. The warehouse’s country when the goods leave from a country where the client is ' +
            'registered for VAT (the supply is made there), else the home country',
        ),
    }),
    customer: InvoiceCustomerSchema,
    customer_internal: z.string().describe('An internal note about the customer, not printed'),
    shipTo: z.object({
      name: z.string(),
      street: z.string(),
      streetNr: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
    }),
    dates: z.object({ issuedDate: day, taxDate: day, dueDate: day }),
    exchange: z
      .object({ currency: z.string(), rate: z.number(), date: day, VAT_total: amount })
      .nullable()
      .describe('A foreign-currency document: the rate to the issuer’s currency, fixed when issued'),
    series: z
      .object({ _id: IdSchema, prefix: z.string(), nextNumber: z.string() })
      .nullable()
      .describe('A draft: the series it will take its number from, and that number if issued now'),
    items: z.array(InvoiceItemSchema),
    vatRecap: z.array(z.object({ VAT_procent: z.number(), base: amount, VAT: amount, total: amount })),
    legalMissing: z
      .array(z.string())
      .describe(
        'What the document lacks under its issuer country’s legal content rules (FINANCE.md), as keys ' +
          "('supplier.taxId', 'customer.address', …); [] when complete",
      ),
    issuedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Invoice' })
export type Invoice = z.infer<typeof InvoiceSchema>

/** A row of the invoices list. */
export const InvoiceRowSchema = InvoiceSchema.pick({
  _id: true,
  kind: true,
  sequenceNumber: true,
  country: true,
  currency: true,
  VAT_total: true,
  NETTO_total: true,
  BRUTTO_total: true,
  actionSourceId: true,
  creditNote: true,
  dates: true,
}).extend({
  customer: z.object({ name: z.string() }),
  businessclient: z.object({ _id: IdSchema, name: z.string() }),
})
export type InvoiceRow = z.infer<typeof InvoiceRowSchema>

const pageNumber = z.coerce.number().int().min(1, { message: 'must be 1 or more' })

/** Spec §7 `GET /invoices`: the period is of the issue date (a draft's is its creation day). */
export const InvoiceListQuerySchema = z.object({
  dateFrom: dayInput().optional(),
  dateTo: dayInput().optional().describe('Includes the whole day'),
  country: CountryNameSchema.optional(),
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1, { message: 'must be 1 or more' })
    .max(1000, { message: 'must be 1000 or less' })
    .default(INVOICES_PAGE_SIZE),
  currentPage: pageNumber.default(1),
  clientOrderNr: text(100).optional().describe('The order number (contains)'),
  sequenceNumber: text(60).optional().describe('The invoice number (contains)'),
  businessclient: IdSchema.optional().describe('Staff: one business client'),
  kind: DocumentKindSchema.default('invoice'),
})
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>

export const InvoiceListSchema = z.object({
  foundInvoices: z.array(InvoiceRowSchema),
  total: z.number().int(),
  totalCapped: TotalCappedSchema,
  message: z.string(),
})
export type InvoiceList = z.infer<typeof InvoiceListSchema>

/**
 * Spec §7 `PUT /invoices/{id}` with the changed field as query: a draft's dates, customer address, variable
 * symbol and series; the internal note also on an issued document (it is not printed).
 */
export const InvoiceUpdateQuerySchema = z
  .strictObject({
    issuedDate: dayInput().optional(),
    taxDate: dayInput().optional(),
    dueDate: dayInput().optional(),
    variableSymbol: text(10).regex(/^\d*$/, { message: 'may contain only digits' }).optional(),
    series: IdSchema.optional().describe('The number series a draft will be numbered from'),
    firstName: text(100).optional(),
    lastName: text(100).optional(),
    companyName: text(200).optional(),
    street: text(200).optional(),
    streetNr: text(30).optional(),
    postcode: text(20).optional(),
    city: text(100).optional(),
    country: CountryNameSchema.optional(),
    taxId: text(30).optional(),
    companyId: text(30).optional(),
    customer_internal: text(500).optional(),
  })
  .refine((v) => Object.values(v).filter((x) => x !== undefined).length === 1, {
    message: 'must name exactly one field to change',
  })
export type InvoiceUpdateQuery = z.infer<typeof InvoiceUpdateQuerySchema>
export const INVOICE_ISSUED_EDITABLE = ['customer_internal'] as const
/** The customer's fields a draft's `PUT /invoices/{id}` changes one at a time (country aside: a list). */
export const invoiceCustomerTextFields = [
  'firstName',
  'lastName',
  'companyName',
  'street',
  'streetNr',
  'postcode',
  'city',
  'taxId',
  'companyId',
] as const

/** Spec §5 invoice add-item form (defaults: quantity 1, price 0, VAT 0). */
export const InvoiceAddItemBodySchema = z.strictObject({
  name: requiredText(200),
  sku: text(100).default(''),
  quantity: quantityInput.default(1),
  netto_price: priceInput.default(0),
  VAT_procent: vatInput.default(0),
})
export type InvoiceAddItemBody = z.infer<typeof InvoiceAddItemBodySchema>

export const InvoiceItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema })

/**
 * Why a document is corrected: required on every corrective document, invoice or bill credit note
 * (ZDPH § 45(1)), and printed on it.
 */
export const CorrectionReasonSchema = requiredText(300).describe(
  'Why the document is corrected (required on a corrective document, ZDPH § 45(1)); printed on the credit note',
)

/** A credit note: the whole invoice (no items), or some lines and quantities. */
export const CreditNoteBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        itemId: IdSchema,
        quantity: quantityInput.refine((q) => q > 0, { message: 'must be more than 0' }),
      }),
    )
    .min(1, { message: 'must name at least one line' })
    .max(500)
    .optional()
    .describe('Absent: credit everything not credited yet'),
  reason: CorrectionReasonSchema,
})
export type CreditNoteBody = z.infer<typeof CreditNoteBodySchema>

/** Spec §7 exports: the period, or pasted order numbers / ids separated by spaces (spec §5). */
export const InvoiceExportQuerySchema = z.object({
  dateFrom: dayInput().optional(),
  dateTo: dayInput().optional(),
  ids: text(20_000)
    .optional()
    .describe('Order numbers or ids separated by spaces (spec §5); when given, the period is ignored'),
  businessclient: IdSchema.optional(),
})
export type InvoiceExportQuery = z.infer<typeof InvoiceExportQuerySchema>

export const InvoiceZipQuerySchema = z.object({
  dateFrom: dayInput(),
  dateTo: dayInput(),
  businessclient: IdSchema.optional(),
  kind: DocumentKindSchema.optional().describe('Absent: invoices and credit notes'),
})
export type InvoiceZipQuery = z.infer<typeof InvoiceZipQuerySchema>

/** A number series (docs/FINANCE.md "Numbering"). */
export const NumberSeriesSchema = z
  .object({
    _id: IdSchema,
    businessclient: z.object({ _id: IdSchema, name: z.string() }),
    documentType: DocumentKindSchema,
    country: z.string(),
    year: z.number().int(),
    prefix: z.string(),
    format: z.string(),
    nextValue: z.number().int(),
    nextNumber: z.string(),
    used: z.boolean().describe('Has issued a number: it cannot be deleted'),
  })
  .meta({ id: 'NumberSeries' })
export type NumberSeries = z.infer<typeof NumberSeriesSchema>

export const NumberSeriesInputSchema = z.strictObject({
  businessclient: IdSchema.optional().describe('Staff: whose series; a client’s is its own'),
  documentType: DocumentKindSchema,
  country: CountryNameSchema.describe('The customers’ country the series numbers for'),
  year: z.number().int().min(2000, { message: 'must be 2000 or later' }).max(2999),
  prefix: text(20)
    .regex(/^[A-Za-z0-9/-]*$/, { message: 'may contain only letters, digits, / and -' })
    .default(''),
  format: text(60)
    .refine(isValidNumberFormat, {
      message: 'must contain one {n} or {n:width} and only {prefix}, {yyyy}, {yy}',
    })
    .optional()
    .describe('Default {prefix}{yyyy}{n:6}; Bulgaria {n:10}'),
  nextValue: z.number().int().min(1, { message: 'must be 1 or more' }).max(1e9).default(1),
})
export type NumberSeriesInput = z.infer<typeof NumberSeriesInputSchema>

export const NumberSeriesQuerySchema = z.object({
  businessclient: IdSchema.optional(),
  year: z.coerce.number().int().min(2000).max(2999).optional(),
})

/** Spec §3 Invoice summary group: per month, year and country. */
export const InvoiceSummaryGroupSchema = z.object({
  _id: z.object({ month: z.number().int(), year: z.number().int(), country: z.string() }),
  count: z.number().int(),
  currency: z.array(z.string()).describe('The currencies of the group (the web joins them with commas)'),
  totals: z.array(
    z.object({ currency: z.string(), NETTO_total: amount, VAT_total: amount, BRUTTO_total: amount }),
  ),
  list: z.array(
    z.object({
      _id: IdSchema,
      sequenceNumber: z.string().nullable(),
      BRUTTO_total: amount,
      currency: z.string(),
    }),
  ),
})
export const InvoiceReportQuerySchema = z.object({
  dateFrom: dayInput().optional(),
  dateTo: dayInput().optional(),
  businessclient: IdSchema.optional(),
})
export type InvoiceReportQuery = z.infer<typeof InvoiceReportQuerySchema>
export const InvoiceReportSchema = z
  .object({
    list: z.array(InvoiceSummaryGroupSchema),
    total: z.number().int().describe('Documents in the period'),
    creditNotes: z
      .object({
        count: z.number().int(),
        totals: z.array(z.object({ currency: z.string(), BRUTTO_total: amount })),
      })
      .describe('The credit note summary of the period'),
  })
  .meta({ id: 'InvoiceReport' })
export type InvoiceReport = z.infer<typeof InvoiceReportSchema>

export const PdfFileSchema = z.unknown().describe('application/pdf')
export const XmlFileSchema = z.unknown().describe('application/xml (ISDOC 6.0.2)')
export const ZipFileSchema = z.unknown().describe('application/zip')

/** A VAT rate with its validity (FINANCE.md "Money and VAT": data an admin or finance adds to). */
export const vatRateKinds = ['standard', 'reduced', 'reduced2'] as const
export const VatRateSchema = z
  .object({
    _id: IdSchema,
    country: z.string(),
    rate: z.number(),
    kind: z.enum(vatRateKinds),
    validFrom: day,
    validTo: day.nullable(),
  })
  .meta({ id: 'VatRate' })
export type VatRate = z.infer<typeof VatRateSchema>
export const VatRateInputSchema = z
  .strictObject({
    country: CountryNameSchema,
    rate: vatInput,
    kind: z.enum(vatRateKinds),
    validFrom: dayInput(),
    validTo: dayInput().optional().describe('Absent: in force until a later row replaces it'),
  })
  .refine((v) => !v.validTo || v.validTo >= v.validFrom, {
    message: 'must not be before validFrom',
    path: ['validTo'],
  })
export type VatRateInput = z.infer<typeof VatRateInputSchema>
export const VatRateQuerySchema = z.object({ country: CountryNameSchema.optional() })

/** The currencies a document states its VAT in besides its own (CZ: CZK; RO: lei). */
export const vatStatementCurrencies = ['CZK', 'RON'] as const
/** An exchange rate: `rate` units of `target` for one unit of `currency`, as published for `day`. */
export const ExchangeRateSchema = z
  .object({ currency: z.string(), target: z.string(), day, rate: z.number() })
  .meta({ id: 'ExchangeRate' })
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>
export const ExchangeRateInputSchema = z.strictObject({
  currency: CurrencySchema,
  target: z.enum(vatStatementCurrencies),
  day: dayInput(),
  rate: z
    .number({ message: 'must be a number' })
    .gt(0, { message: 'must be more than 0' })
    .max(1_000_000, { message: 'is too large' })
    .refine(decimals(6), { message: 'must have at most 6 decimals' }),
})
export type ExchangeRateInput = z.infer<typeof ExchangeRateInputSchema>
export const ExchangeRateQuerySchema = z.object({
  currency: CurrencySchema.optional(),
  target: z.enum(vatStatementCurrencies).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(30),
})
