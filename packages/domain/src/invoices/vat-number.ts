/**
 * VAT identification numbers of the EU member states (FINANCE.md "Place of supply"): each country's format,
 * and its check digit where the country publishes one (CZ, SK, RO, BG, HU, PL, DE, AT, EL). Pure: no VIES
 * look-up. A number is written with its VAT prefix ("CZ25123891", "EL094259216"); spaces, dots and dashes are
 * ignored. The country's own tax number without the prefix (a Romanian CIF of a non-VAT-payer) is checked by
 * the same rule when the party's country is known.
 */

/** The EU member states by ISO code: their name as the app stores it and their VAT prefix (Greece: EL). */
export const euMemberStates: Record<string, { name: string; vatPrefix: string }> = {
  AT: { name: 'Austria', vatPrefix: 'AT' },
  BE: { name: 'Belgium', vatPrefix: 'BE' },
  BG: { name: 'Bulgaria', vatPrefix: 'BG' },
  HR: { name: 'Croatia', vatPrefix: 'HR' },
  CY: { name: 'Cyprus', vatPrefix: 'CY' },
  CZ: { name: 'Czech', vatPrefix: 'CZ' },
  DK: { name: 'Denmark', vatPrefix: 'DK' },
  EE: { name: 'Estonia', vatPrefix: 'EE' },
  FI: { name: 'Finland', vatPrefix: 'FI' },
  FR: { name: 'France', vatPrefix: 'FR' },
  DE: { name: 'Germany', vatPrefix: 'DE' },
  GR: { name: 'Greece', vatPrefix: 'EL' },
  HU: { name: 'Hungary', vatPrefix: 'HU' },
  IE: { name: 'Ireland', vatPrefix: 'IE' },
  IT: { name: 'Italy', vatPrefix: 'IT' },
  LV: { name: 'Latvia', vatPrefix: 'LV' },
  LT: { name: 'Lithuania', vatPrefix: 'LT' },
  LU: { name: 'Luxembourg', vatPrefix: 'LU' },
  MT: { name: 'Malta', vatPrefix: 'MT' },
  NL: { name: 'Netherlands', vatPrefix: 'NL' },
  PL: { name: 'Poland', vatPrefix: 'PL' },
  PT: { name: 'Portugal', vatPrefix: 'PT' },
  RO: { name: 'Romania', vatPrefix: 'RO' },
  SK: { name: 'Slovakia', vatPrefix: 'SK' },
  SI: { name: 'Slovenia', vatPrefix: 'SI' },
  ES: { name: 'Spain', vatPrefix: 'ES' },
  SE: { name: 'Sweden', vatPrefix: 'SE' },
}

const isoByName = new Map(Object.entries(euMemberStates).map(([iso, m]) => [m.name, iso]))
const isoByPrefix = new Map(Object.entries(euMemberStates).map(([iso, m]) => [m.vatPrefix, iso]))

/** Whether a country (its name as the app stores it, 'Czech') is an EU member state. */
export const isEuMemberState = (countryName: string): boolean => isoByName.has(countryName)

/** The ISO code of an EU member state by its stored name; undefined outside the EU. */
export const euIsoOf = (countryName: string): string | undefined => isoByName.get(countryName)

const digits = (s: string) => [...s].map(Number)
const weighted = (s: string, weights: readonly number[]) =>
  digits(s).reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0)

/** CZ DIČ: 8 digits of a legal entity (mod 11), 9 digits (format), 10 digits of a birth number (mod 11). */
function czech(n: string): boolean {
  if (n.length === 8) {
    if (n.startsWith('9')) return false
    const check = (11 - (weighted(n.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11
    return (check === 0 ? 1 : check) % 10 === Number(n[7])
  }
  if (n.length === 9) return true
  if (n.length === 10) {
    const whole = BigInt(n)
    return whole % 11n === 0n || (BigInt(n.slice(0, 9)) % 11n === 10n && n[9] === '0')
  }
  return false
}

/** SK IČ DPH: 10 digits, the first not 0, the third 2, 3, 4, 7, 8 or 9, the number divisible by 11. */
const slovak = (n: string) => n[0] !== '0' && '234789'.includes(n[2]!) && BigInt(n) % 11n === 0n

/** RO CIF: 2–10 digits, the last a check digit over the key 753217532 (right-aligned). */
function romanian(n: string): boolean {
  const body = n.slice(0, -1).padStart(9, '0')
  const check = ((weighted(body, [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10
  return check === Number(n.at(-1))
}

/** BG: 9 digits (a company's UIC) or 10 (a person's EGN, a foreigner's number, or another body). */
function bulgarian(n: string): boolean {
  if (n.length === 9) {
    let check = weighted(n.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8]) % 11
    if (check === 10) check = weighted(n.slice(0, 8), [3, 4, 5, 6, 7, 8, 9, 10]) % 11
    return check % 10 === Number(n[8])
  }
  const last = Number(n[9])
  const egn = (weighted(n.slice(0, 9), [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10
  const foreigner = weighted(n.slice(0, 9), [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10
  const other = 11 - (weighted(n.slice(0, 9), [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)
  return egn === last || foreigner === last || (other === 11 ? 0 : other) === last
}

/** HU: 8 digits, weights 9 7 3 1 summing to a multiple of 10. */
const hungarian = (n: string) => weighted(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0

/** PL NIP: 10 digits, the last the weighted sum mod 11 (never 10). */
const polish = (n: string) => weighted(n.slice(0, 9), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9])

/** DE USt-IdNr.: 9 digits, the first not 0, ISO 7064 MOD 11,10. */
function german(n: string): boolean {
  if (n[0] === '0') return false
  let product = 10
  for (const d of digits(n.slice(0, 8))) {
    let sum = (d + product) % 10
    if (sum === 0) sum = 10
    product = (2 * sum) % 11
  }
  let check = 11 - product
  if (check === 10) check = 0
  return check === Number(n[8])
}

/** AT UID: "U" and 8 digits, a Luhn-like sum with 4 added. */
function austrian(n: string): boolean {
  const d = digits(n.slice(1, 8))
  const sum = d.reduce((s, v, i) => s + (i % 2 === 1 ? Math.floor((v * 2) / 10) + ((v * 2) % 10) : v), 0)
  return (10 - ((sum + 4) % 10)) % 10 === Number(n[8])
}

/** EL ΑΦΜ: 9 digits, the first eight weighted by powers of two, mod 11 mod 10. */
const greek = (n: string) =>
  (weighted(n.slice(0, 8), [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(n[8])

interface VatNumberRule {
  /** The number after the prefix, without spaces. */
  format: RegExp
  /** The check digit rule; absent: format only. */
  check?: (n: string) => boolean
  /** Where the rule is published, for the accountant who corrects it. */
  source: string
}

/** Formats per member state (the European Commission's VIES format list); check digits where published. */
export const vatNumberRules: Record<string, VatNumberRule> = {
  AT: { format: /^U\d{8}$/, check: austrian, source: 'UID, BMF' },
  BE: {
    format: /^[01]\d{9}$/,
    check: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
    source: 'BCE/KBO',
  },
  BG: { format: /^\d{9,10}$/, check: bulgarian, source: 'ЗДДС, БУЛСТАТ / ЕИК' },
  HR: { format: /^\d{11}$/, source: 'OIB' },
  CY: { format: /^\d{8}[A-Z]$/, source: 'VIES format' },
  CZ: { format: /^\d{8,10}$/, check: czech, source: '§ 130 zákona č. 280/2009 Sb. (DIČ), IČO check digit' },
  DK: { format: /^\d{8}$/, source: 'VIES format' },
  EE: { format: /^10\d{7}$/, source: 'VIES format' },
  FI: { format: /^\d{8}$/, source: 'VIES format' },
  FR: { format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, source: 'VIES format' },
  DE: { format: /^\d{9}$/, check: german, source: 'BZSt, ISO 7064 MOD 11,10' },
  GR: { format: /^\d{9}$/, check: greek, source: 'ΑΦΜ, AADE' },
  HU: { format: /^\d{8}$/, check: hungarian, source: 'NAV adószám' },
  IE: { format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, source: 'VIES format' },
  IT: { format: /^\d{11}$/, source: 'VIES format' },
  LV: { format: /^\d{11}$/, source: 'VIES format' },
  LT: { format: /^(\d{9}|\d{12})$/, source: 'VIES format' },
  LU: { format: /^\d{8}$/, source: 'VIES format' },
  MT: { format: /^\d{8}$/, source: 'VIES format' },
  NL: { format: /^\d{9}B\d{2}$/, source: 'VIES format' },
  PL: { format: /^\d{10}$/, check: polish, source: 'NIP, Ministerstwo Finansów' },
  PT: { format: /^\d{9}$/, source: 'VIES format' },
  RO: { format: /^[1-9]\d{1,9}$/, check: romanian, source: 'CIF, ANAF (cheia de control 753217532)' },
  SK: { format: /^\d{10}$/, check: slovak, source: '§ 4 zákona č. 222/2004 Z. z. (IČ DPH)' },
  SI: { format: /^\d{8}$/, source: 'VIES format' },
  ES: { format: /^[0-9A-Z]\d{7}[0-9A-Z]$/, source: 'VIES format' },
  SE: { format: /^\d{10}01$/, source: 'VIES format' },
}

export type VatNumberCheck =
  | { valid: true /** ISO code of the member state ('GR' for EL). */; country: string; number: string }
  | { valid: false; reason: string }

/**
 * Checks a VAT number. With a prefix ("SK2022749619") the prefix names the member state; without one, the
 * party's country (`countryName`, as stored: 'Slovakia') does. A number of a country outside the EU, or
 * without a prefix and an EU country, is not a VAT number of a member state.
 */
export function checkVatNumber(value: string, countryName?: string): VatNumberCheck {
  const compact = value.toUpperCase().replace(/[\s.\-/,]/g, '')
  if (!compact) return { valid: false, reason: 'is empty' }
  const prefixed = /^[A-Z]{2}/.test(compact) && isoByPrefix.has(compact.slice(0, 2))
  const iso = prefixed
    ? isoByPrefix.get(compact.slice(0, 2))!
    : countryName
      ? euIsoOf(countryName)
      : undefined
  if (!iso) return { valid: false, reason: 'does not start with the VAT prefix of an EU member state' }
  const number = prefixed ? compact.slice(2) : compact
  const rule = vatNumberRules[iso]!
  const prefix = euMemberStates[iso]!.vatPrefix
  if (!rule.format.test(number))
    return { valid: false, reason: `is not in the format of a ${prefix} VAT number` }
  if (rule.check && !rule.check(number))
    return { valid: false, reason: `has a wrong check digit for a ${prefix} VAT number` }
  return { valid: true, country: iso, number: `${prefix}${number}` }
}

/** Member states whose tax number without the prefix is the VAT number's body (checked as one). */
const nationalNumberIsVatNumber = new Set(['CZ', 'SK', 'RO', 'BG', 'PL', 'GR'])

/**
 * The reason a party's tax id is refused, or null when it is acceptable: empty, a valid VAT number of a member
 * state, a national tax number of another shape (HU, DE, AT …, without the prefix), or a tax id of a country
 * outside the EU (not checked). Used by the profile and order schemas.
 */
export function taxIdProblem(value: string, countryName?: string): string | null {
  const compact = value.toUpperCase().replace(/[\s.\-/,]/g, '')
  if (!compact) return null
  const prefixed = /^[A-Z]{2}/.test(compact) && isoByPrefix.has(compact.slice(0, 2))
  // Without a prefix, only where the national tax number is the VAT number's body (a Hungarian adószám or a
  // German Steuernummer has another shape and is not a VAT number).
  const iso = countryName ? euIsoOf(countryName) : undefined
  if (!prefixed && !(iso && nationalNumberIsVatNumber.has(iso))) return null
  const result = checkVatNumber(value, countryName)
  return result.valid ? null : result.reason
}
