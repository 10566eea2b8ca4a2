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
