import { z } from 'zod'
import { isValidIban, refineBankAccount } from '../common/bank.ts'
import { CountryNameSchema } from '../common/countries.ts'
import { CurrencySchema } from '../common/currencies.ts'
import { IdSchema, requiredText, text } from '../common/ids.ts'

const IssuerAddressSchema = z.object({
  street: text(200),
  streetNr: text(30),
  postcode: text(20),
  city: text(100),
  country: CountryNameSchema,
})

const IssuerBankAccountSchema = z
  .object({
    bankname: text(200),
    currency: CurrencySchema,
    accountNr: text(40),
    bankCode: text(20),
    IBAN: text(40).refine((v) => v === '' || isValidIban(v), { message: 'must be a valid IBAN' }),
    SWIFT: text(20),
  })
  // The BIC matches the bank code inside a CZ/SK IBAN, the bank code field the IBAN's (FINANCE.md "Bank files").
  .superRefine(refineBankAccount)

/** The provider's legal entity in one country (docs/domain.md "Parties"): the issuer of bills. */
export const IssuerSchema = z.object({
  _id: IdSchema,
  country: z.string().describe('One issuer per country (the country bills are issued from)'),
  name: z.string(),
  coid: z.string().describe('Company id (IČO, CUI …)'),
  taxid: z.string().describe('Tax id (DIČ, VAT number)'),
  vatPayer: z.boolean(),
  address: z.object({
    street: z.string(),
    streetNr: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
  }),
  email: z.string(),
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
  registration: z.string().describe('The register entry line printed on bills'),
})
export type Issuer = z.infer<typeof IssuerSchema>

export const IssuerInputSchema = z.strictObject({
  country: CountryNameSchema,
  name: requiredText(200),
  coid: text(30).default(''),
  taxid: text(30).default(''),
  vatPayer: z.boolean().default(true),
  address: IssuerAddressSchema,
  email: z.union([z.literal(''), z.email({ message: 'must be an e-mail address' })]).default(''),
  bankaccounts: z.array(IssuerBankAccountSchema).max(10, { message: 'at most 10 accounts' }).default([]),
  registration: text(300).default(''),
})
export type IssuerInput = z.infer<typeof IssuerInputSchema>

export const IssuerListSchema = z.object({ list: z.array(IssuerSchema), total: z.number().int() })
