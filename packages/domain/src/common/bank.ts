import { type BankCodeRow, bankCodeTables } from './bank-codes.ts'

/** The remainder mod 97 of an IBAN-style string, letters counted as 10–35 (ISO 13616, ISO 7064). */
function mod97(text: string): number {
  let remainder = 0
  for (const ch of text) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97
  }
  return remainder
}

/** IBAN check (ISO 13616): 15–34 characters, country letters, check digits, mod 97 = 1. Spaces are ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1
}

/** The weights of a Czech account number's mod-11 check (ČNB decree 169/2011), right to left. */
const CZECH_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
const czechMod11 = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => sum + Number(d) * (CZECH_WEIGHTS[i] ?? 0), 0) % 11 === 0

/**
 * The IBAN of a Czech domestic account ('19-2000145399' or '2000145399', bank code '0800' →
 * CZ6508000000192000145399), or null when it is not a valid Czech account: prefix up to 6 digits and
 * number 2–10 digits, each passing the mod-11 check, bank code of 4 digits.
 */
export function czechAccountIban(accountNr: string, bankCode: string): string | null {
  const match = /^(?:(\d{1,6})-)?(\d{2,10})$/.exec(accountNr.replace(/\s+/g, ''))
  const code = bankCode.trim()
  if (!match || !/^\d{4}$/.test(code)) return null
  const prefix = (match[1] ?? '').padStart(6, '0')
  const number = match[2]!.padStart(10, '0')
  if (!czechMod11(prefix) || !czechMod11(number) || /^0+$/.test(number)) return null
  const bban = `${code}${prefix}${number}`
  const check = String(98 - mod97(`${bban}CZ00`)).padStart(2, '0')
  return `CZ${check}${bban}`
}

/** Groups an IBAN in fours for display: CZ65 0800 0000 1920 0014 5399. */
export function formatIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})/g, '$1 ')
    .trim()
}

/** A BIC (ISO 9362): bank (4 letters), country (2), location (2), optional branch (3). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/

/**
 * The bank of a Czech or Slovak IBAN by the bank code inside it (characters 5–8), from the national table
 * (bank-codes.ts); null: a code the table does not list; undefined: a country without a table here.
 */
export function bankOfIban(value: string): BankCodeRow | null | undefined {
  const iban = value.replace(/\s+/g, '').toUpperCase()
  const country = iban.slice(0, 2)
  if (country !== 'CZ' && country !== 'SK') return undefined
  const code = iban.slice(4, 8)
  return bankCodeTables[country].find((row) => row.code === code) ?? null
}

export interface BankAccountFields {
  IBAN?: string | undefined
  SWIFT?: string | undefined
  accountNr?: string | undefined
  bankCode?: string | undefined
}

/**
 * What a bank would refuse in an account as entered, by field: the IBAN's check digits (mod 97), the BIC's
 * form, and for a Czech or Slovak IBAN the bank code inside it against the national table (bank-codes.ts):
 * the code must be listed, the BIC must be that bank's, the bank code field the same code, and a Czech
 * account number the one inside the IBAN. Empty: nothing to refuse.
 */
export function bankAccountProblems(account: BankAccountFields): Record<string, string> {
  const problems: Record<string, string> = {}
  const iban = (account.IBAN ?? '').replace(/\s+/g, '').toUpperCase()
  const bic = (account.SWIFT ?? '').replace(/\s+/g, '').toUpperCase()
  const bankCode = (account.bankCode ?? '').trim()
  const accountNr = (account.accountNr ?? '').trim()
  if (bic && !BIC_PATTERN.test(bic)) {
    problems.SWIFT = 'is not a BIC (8 or 11 characters: bank, country, location, optional branch)'
  }
  if (!iban) return problems
  if (!isValidIban(iban)) {
    problems.IBAN = 'is not a valid IBAN (its check digits do not match, mod 97)'
    return problems
  }
  const bank = bankOfIban(iban)
  if (bank === undefined) return problems
  const country = iban.slice(0, 2)
  const code = iban.slice(4, 8)
  if (bank === null) {
    problems.IBAN = `has the bank code ${code}, which is not in the ${country} national bank-code table`
    return problems
  }
  if (bic && !problems.SWIFT && bank.bic && bic.slice(0, 8) !== bank.bic) {
    problems.SWIFT = `does not match the IBAN: bank code ${code} is ${bank.name}, BIC ${bank.bic}`
  }
  if (bankCode && bankCode !== code) {
    problems.bankCode = `does not match the bank code ${code} inside the IBAN`
  }
  if (country === 'CZ' && accountNr && !problems.bankCode && czechAccountIban(accountNr, code) !== iban) {
    problems.accountNr = 'does not match the account number inside the IBAN'
  }
  return problems
}

/** A zod refinement: each of bankAccountProblems' findings as an issue on its field. */
export function refineBankAccount(
  account: BankAccountFields,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
): void {
  for (const [field, message] of Object.entries(bankAccountProblems(account))) {
    ctx.addIssue({ code: 'custom', message, path: [field] })
  }
}
