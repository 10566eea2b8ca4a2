import { z } from 'zod'
import { isValidIban, refineBankAccount } from '../common/bank.ts'
import { CountryNameSchema } from '../common/countries.ts'
import { CurrencySchema } from '../common/currencies.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'
import { atLeastOneField, dayInput } from '../common/input.ts'
import { taxIdProblem } from '../invoices/vat-number.ts'

const optionalCountry = z.union([CountryNameSchema, z.literal('')])
const email = z.union([z.literal(''), z.email({ message: 'must be a valid e-mail address' })])
const phone = text(40).regex(/^[+\d\s()/-]*$/, { message: 'may contain only digits, spaces and + ( ) / -' })
const iban = text(42).refine((v) => v === '' || isValidIban(v), { message: 'must be a valid IBAN' })

export const AddressSchema = z.object({
  country: optionalCountry.default(''),
  region: text(100).default(''),
  province: text(100).default(''),
  city: text(100).default(''),
  street: text(200).default(''),
  streetNr: text(30).default(''),
  postcode: text(20).default(''),
})
export type Address = z.infer<typeof AddressSchema>

export const ContactSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
})
export const ContactInputSchema = z.strictObject({
  name: requiredText(120),
  email: email.default(''),
  phone: phone.default(''),
  position: text(120).default(''),
})
export const ContactPatchSchema = atLeastOneField(
  z.strictObject({
    name: requiredText(120).optional(),
    email: email.optional(),
    phone: phone.optional(),
    position: text(120).optional(),
  }),
)

export const BankAccountSchema = z.object({
  _id: IdSchema,
  bankname: z.string(),
  currency: z.string(),
  accountNr: z.string(),
  bankCode: z.string(),
  IBAN: z.string(),
  SWIFT: z.string().describe("The bank's BIC (SWIFT code)"),
  addressCity: z.string(),
  addressCountry: z.string(),
})
const bankAccountFields = {
  bankname: text(120),
  currency: CurrencySchema,
  accountNr: text(40).regex(/^[\d-]*$/, { message: 'may contain only digits and -' }),
  bankCode: text(20),
  IBAN: iban,
  SWIFT: text(20),
  addressCity: text(100),
  addressCountry: optionalCountry,
}
export const BankAccountInputSchema = z
  .strictObject({
    ...bankAccountFields,
    bankname: requiredText(120),
    accountNr: bankAccountFields.accountNr.default(''),
    bankCode: bankAccountFields.bankCode.default(''),
    IBAN: bankAccountFields.IBAN.default(''),
    SWIFT: bankAccountFields.SWIFT.default(''),
    addressCity: bankAccountFields.addressCity.default(''),
    addressCountry: bankAccountFields.addressCountry.default(''),
  })
  .refine((a) => a.IBAN !== '' || a.accountNr !== '', {
    message: 'an IBAN or an account number is required',
    path: ['IBAN'],
  })
  // The BIC matches the bank code inside a CZ/SK IBAN, the bank code field the IBAN's (FINANCE.md "Bank files").
  .superRefine(refineBankAccount)
export const BankAccountPatchSchema = atLeastOneField(
  z.strictObject({
    bankname: requiredText(120).optional(),
    currency: CurrencySchema.optional(),
    accountNr: bankAccountFields.accountNr.optional(),
    bankCode: bankAccountFields.bankCode.optional(),
    IBAN: bankAccountFields.IBAN.optional(),
    SWIFT: bankAccountFields.SWIFT.optional(),
    addressCity: bankAccountFields.addressCity.optional(),
    addressCountry: bankAccountFields.addressCountry.optional(),
  }),
)

export const CompanyIdSchema = z.object({
  _id: IdSchema,
  country: z.string(),
  coid: z.string(),
  taxid: z.string(),
  register: z.string().describe('Commercial register entry, printed on the documents of this country'),
})
const registerField = text(200).describe(
  'Commercial register entry (e.g. "Obchodný register Okresného súdu Bratislava I, oddiel Sro, vložka 12345/B"); a Slovak issuer must print it',
)
export const CompanyIdInputSchema = z
  .strictObject({
    country: CountryNameSchema,
    coid: text(40).default('').describe('Company registration number'),
    taxid: text(40).default('').describe('VAT / tax id'),
    register: registerField.default(''),
  })
  .refine((c) => c.coid !== '' || c.taxid !== '', {
    message: 'a company id or a tax id is required',
    path: ['coid'],
  })
  .superRefine((c, ctx) => vatNumberIssue(ctx, c.taxid, c.country))
export const CompanyIdPatchSchema = atLeastOneField(
  z.strictObject({
    country: CountryNameSchema.optional(),
    coid: text(40).optional(),
    taxid: text(40).optional(),
    register: registerField.optional(),
  }),
).superRefine((c, ctx) => vatNumberIssue(ctx, c.taxid ?? '', c.country))

/** A tax id of an EU member state must be a valid VAT number of it (format and check digit; vat-number.ts). */
function vatNumberIssue(
  ctx: z.RefinementCtx,
  taxid: string,
  country?: string,
  path: PropertyKey[] = ['taxid'],
) {
  const problem = taxIdProblem(taxid, country)
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path })
}

/** The One-Stop-Shop began on 2021-07-01 (Council Directive (EU) 2017/2455). */
export const OSS_START = '2021-07-01'
const ossSince = dayInput()
  .refine((d) => d >= OSS_START, {
    message: `must be on or after ${OSS_START}, when the One-Stop-Shop began`,
  })
  .nullable()

/** Business profile settings: the toggle keys exactly as the spec names them. */
export const businessProfileKeys = [
  'orders.invoicing.autoGenerate',
  'orders.automaticBlockingGoods',
  'orders.shipping.automaticAssingCourier',
  'notifications.email.newPo',
  'notifications.email.shippingPo',
  'notifications.dashboard.tickets.newticket',
  'notifications.dashboard.tickets.newmessage',
] as const
export type BusinessProfileKey = (typeof businessProfileKeys)[number]
export const BusinessProfileSchema = z.object(
  Object.fromEntries(businessProfileKeys.map((k) => [k, z.boolean()])) as Record<
    BusinessProfileKey,
    z.ZodBoolean
  >,
)
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>
export const BusinessProfilePatchSchema = atLeastOneField(
  z.strictObject(
    Object.fromEntries(businessProfileKeys.map((k) => [k, z.boolean().optional()])) as Record<
      BusinessProfileKey,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
)

export const BusinessClientSchema = z
  .object({
    _id: IdSchema,
    name: z.string(),
    address: AddressSchema,
    contacts: z.array(ContactSchema),
    bankaccounts: z.array(BankAccountSchema),
    companyids: z.array(CompanyIdSchema),
    businessprofile: BusinessProfileSchema,
    invoicing: z
      .object({
        vatPayer: z.boolean().describe('false: plain invoices without VAT, with a "not a VAT payer" note'),
        dueDays: z.number().int().describe('Days from an invoice’s issue to its due date'),
        oss: z
          .boolean()
          .describe('Distance sales to consumers in other member states declared through the One-Stop-Shop'),
        ossSince: z.string().nullable().describe('YYYY-MM-DD from which the One-Stop-Shop applies'),
      })
      .describe('How the business client invoices its customers'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'BusinessClient' })
export type BusinessClient = z.infer<typeof BusinessClientSchema>

export const BusinessClientCreatedSchema = BusinessClientSchema.extend({
  token: z.string().optional().describe('A new token when the caller was linked to the new business client'),
})

export const CreateBusinessClientBodySchema = z.strictObject({
  name: requiredText(200),
  address: AddressSchema.partial().optional(),
})

const AddressPatchSchema = z.strictObject({
  country: optionalCountry.optional(),
  region: text(100).optional(),
  province: text(100).optional(),
  city: text(100).optional(),
  street: text(200).optional(),
  streetNr: text(30).optional(),
  postcode: text(20).optional(),
})

/** PUT /businessclients/{id}: `{ query, type }`, one shape per type. */
export const UpdateBusinessClientBodySchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('update'),
    query: atLeastOneField(
      z.strictObject({
        name: requiredText(200).optional(),
        address: AddressPatchSchema.optional(),
        invoicing: z
          .strictObject({
            vatPayer: z.boolean().optional(),
            dueDays: z
              .number()
              .int({ message: 'must be a whole number of days' })
              .min(0, { message: 'must be 0 or more' })
              .max(365, { message: 'must be at most 365' })
              .optional(),
            oss: z.boolean().optional().describe('One-Stop-Shop for distance sales (needs ossSince)'),
            ossSince: ossSince.optional(),
          })
          .refine((i) => i.oss !== true || (i.ossSince !== undefined && i.ossSince !== null), {
            message: 'the One-Stop-Shop start date is required when the One-Stop-Shop is on',
            path: ['ossSince'],
          })
          .optional(),
      }),
    ),
  }),
  z.strictObject({ type: z.literal('new contact'), query: ContactInputSchema }),
  z.strictObject({ type: z.literal('remove contact'), query: z.strictObject({ _id: IdSchema }) }),
  z.strictObject({ type: z.literal('new bankaccount'), query: BankAccountInputSchema }),
  z.strictObject({ type: z.literal('remove bankaccount'), query: z.strictObject({ _id: IdSchema }) }),
])
export type UpdateBusinessClientBody = z.infer<typeof UpdateBusinessClientBodySchema>

export const BusinessClientListItemSchema = z.object({ _id: IdSchema, name: z.string() })
export const BusinessClientListSchema = z.object({
  list: z.array(BusinessClientListItemSchema),
  total: z.number().int(),
})
export const BusinessClientListQuerySchema = z.object({
  searchTerm: text(100).optional(),
})
