/**
 * Decimal money arithmetic (docs/FINANCE.md "Money and VAT": no binary floats for money). Amounts are held
 * as integer hundredths, quantities as thousandths and VAT rates as hundredths of a percent, in BigInt, so
 * every product is exact and only the final rounding (half away from zero, to a cent) loses anything.
 */

const CENTS = 100n
const MILLI = 1000n
const BASIS = 100n // hundredths of a percent

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/

/** `value` as an integer count of 1/10^scale units; throws on a non-decimal or a finer value. */
export function toScaled(value: string | number, scale: number): bigint {
  const text = typeof value === 'number' ? numberText(value) : value.trim()
  const m = DECIMAL.exec(text)
  if (!m) throw new RangeError(`not a decimal number: ${text}`)
  const [, minus, whole, fraction = ''] = m
  const trimmed = fraction.replace(/0+$/, '')
  if (trimmed.length > scale) throw new RangeError(`${text} has more than ${scale} decimals`)
  const units = BigInt(whole! + trimmed.padEnd(scale, '0'))
  return minus ? -units : units
}

/** A JS number's shortest decimal text without exponent (0.1 → "0.1", 1e-7 → "0.0000001"). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`)
  const s = String(n)
  if (!/e/i.test(s)) return s
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '')
}

/** Whether `value` has at most `scale` decimals (the input checks use it). */
export function hasAtMostDecimals(value: number, scale: number): boolean {
  try {
    toScaled(value, scale)
    return true
  } catch {
    return false
  }
}

/** An integer count of 1/10^scale units as decimal text with exactly `scale` decimals. */
export function scaledText(units: bigint, scale: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits
  return negative ? `-${text}` : text
}

/** n / d rounded half away from zero (d > 0): e.g. a line price shared over its quantity. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d
  const r = n % d
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n
  return q
}

export const cents = (value: string | number): bigint => toScaled(value, 2)
export const moneyText = (units: bigint): string => scaledText(units, 2)
/** Cents as a number of the currency for JSON answers (exact to the cent when printed with 2 decimals). */
export const moneyNumber = (units: bigint): number => Number(moneyText(units))

export interface LineInput {
  quantity: string | number
  /** Unit price without VAT (on a gross-priced line: informational, derived from the gross price). */
  nettoPrice: string | number
  vatPercent: string | number
  /**
   * A gross-priced line (consumer prices include VAT, FINANCE.md "VAT from gross prices"): the line's total
   * with VAT, which the line keeps to the cent; its VAT is computed "from above". Absent or null: a net line.
   */
  grossTotal?: string | number | null
}

/** A line's amounts in cents, each rounded once from exact values (docs/FINANCE.md "Money and VAT"). */
export interface LineAmounts {
  /** Unit price with VAT: netto × (1 + VAT/100). */
  price: bigint
  nettoTotal: bigint
  vatAmount: bigint
  bruttoTotal: bigint
}

/**
 * Spec §5: brutto price = (1 + VAT/100) × netto price; the line totals follow from the quantity and are
 * rounded per line to 2 decimals; the line's VAT is brutto total − netto total (so the two always add up).
 */
export function lineAmounts(line: LineInput): LineAmounts {
  if (line.grossTotal !== undefined && line.grossTotal !== null) return grossLineAmounts(line)
  const q = toScaled(line.quantity, 3)
  const netto = cents(line.nettoPrice)
  const rate = toScaled(line.vatPercent, 2) // hundredths of a percent
  const factor = 100n * BASIS + rate // (1 + VAT/100) in 1/10000
  const price = divRound(netto * factor, 100n * BASIS)
  const nettoTotal = divRound(q * netto, MILLI)
  const bruttoTotal = divRound(q * netto * factor, MILLI * 100n * BASIS)
  return { price, nettoTotal, vatAmount: bruttoTotal - nettoTotal, bruttoTotal }
}

/**
 * A gross-priced line (ZDPH § 37(2), "from above"): the brutto total is the line's gross total as given;
 * VAT = brutto × rate / (100 + rate), rounded to the cent; netto = brutto − VAT. The unit price with VAT is
 * the total shared over the quantity (printed only; the total is what counts).
 */
function grossLineAmounts(line: LineInput): LineAmounts {
  const q = toScaled(line.quantity, 3)
  const bruttoTotal = cents(line.grossTotal!)
  const rate = toScaled(line.vatPercent, 2)
  const vatAmount = divRound(bruttoTotal * rate, 100n * BASIS + rate)
  const price = q === 0n ? 0n : q > 0n ? divRound(bruttoTotal * MILLI, q) : divRound(-bruttoTotal * MILLI, -q)
  return { price, nettoTotal: bruttoTotal - vatAmount, vatAmount, bruttoTotal }
}

/**
 * The gross total of `part` of a gross-priced line's `whole` quantity, so that the parts taken one after
 * another (`before` already taken) always add up to the line's total exactly: the share of the quantity
 * taken so far, rounded, minus the share before. Quantities in thousandths, amounts in cents.
 */
export function grossShare(total: bigint, whole: bigint, before: bigint, part: bigint): bigint {
  if (whole <= 0n) return 0n
  return divRound(total * (before + part), whole) - divRound(total * before, whole)
}

export interface RecapRow {
  /** The rate as decimal text ("21.00"). */
  vatPercent: string
  base: bigint
  vat: bigint
  total: bigint
}

/** Document totals: sums of the rounded line totals, and the VAT recapitulation per rate (highest first). */
export function documentTotals(lines: readonly LineInput[]): {
  netto: bigint
  vat: bigint
  brutto: bigint
  recap: RecapRow[]
} {
  const byRate = new Map<bigint, RecapRow>()
  let netto = 0n
  let brutto = 0n
  for (const line of lines) {
    const a = lineAmounts(line)
    netto += a.nettoTotal
    brutto += a.bruttoTotal
    const rate = toScaled(line.vatPercent, 2)
    const row = byRate.get(rate) ?? { vatPercent: scaledText(rate, 2), base: 0n, vat: 0n, total: 0n }
    row.base += a.nettoTotal
    row.vat += a.vatAmount
    row.total += a.bruttoTotal
    byRate.set(rate, row)
  }
  const recap = [...byRate.entries()].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([, r]) => r)
  return { netto, vat: brutto - netto, brutto, recap }
}

/** The netto unit price whose brutto is `bruttoPrice` at `vatPercent`, rounded to the cent. */
export function nettoFromBrutto(bruttoPrice: string | number, vatPercent: string | number): bigint {
  const factor = 100n * BASIS + toScaled(vatPercent, 2)
  return divRound(cents(bruttoPrice) * 100n * BASIS, factor)
}

/** An amount in another currency at `rate` units per one (rate with up to 6 decimals), to the cent. */
export function convert(amount: bigint, rate: string | number): bigint {
  return divRound(amount * toScaled(rate, 6), 1_000_000n)
}

export const sumCents = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n)
export { CENTS }
