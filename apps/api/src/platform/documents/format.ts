import type { DocumentLanguage } from './tax-document.ts'

/**
 * Printing of the document's decimal strings and dates. Amounts stay strings end to end (no binary
 * floats for money): these only regroup digits.
 */

const separators: Record<DocumentLanguage, { group: string; decimal: string }> = {
  cs: { group: ' ', decimal: ',' },
  sk: { group: ' ', decimal: ',' },
  bg: { group: ' ', decimal: ',' },
  ro: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
}

function splitDecimal(value: string): { sign: string; int: string; frac: string } {
  const trimmed = value.trim()
  const sign = trimmed.startsWith('-') ? '-' : ''
  const [int = '0', frac = ''] = trimmed.replace(/^[-+]/, '').split('.')
  return { sign, int: int.replace(/^0+(?=\d)/, '') || '0', frac }
}

function group(int: string, separator: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/** "1234.5" → "1 234,50" (cs), "1,234.50" (en): two decimals, rounded half away from zero. */
export function formatMoney(value: string, language: DocumentLanguage): string {
  const { sign, int, frac } = splitDecimal(toFixed2(value))
  const { group: g, decimal } = separators[language]
  return `${sign}${group(int, g)}${decimal}${frac}`
}

/** A quantity or rate without trailing zeros: "2.000" → "2", "1.50" → "1,5". */
export function formatNumber(value: string, language: DocumentLanguage): string {
  const { sign, int, frac } = splitDecimal(value)
  const f = frac.replace(/0+$/, '')
  const { group: g, decimal } = separators[language]
  return `${sign}${group(int, g)}${f ? decimal + f : ''}`
}

/** "2026-03-05" → "5. 3. 2026" (cs, sk), "05.03.2026" (ro, bg), "2026-03-05" (en). */
export function formatDate(value: string, language: DocumentLanguage): string {
  const [y, m, d] = value.split('-')
  if (!y || !m || !d) return value
  if (language === 'cs' || language === 'sk') return `${Number(d)}. ${Number(m)}. ${y}`
  if (language === 'ro' || language === 'bg') return `${d}.${m}.${y}`
  return value
}

/** A decimal string rounded to two places (half away from zero), without floats. */
export function toFixed2(value: string): string {
  const { sign, int, frac } = splitDecimal(value)
  const padded = `${frac}000`
  let cents = BigInt(int) * 100n + BigInt(padded.slice(0, 2))
  if (Number(padded[2]) >= 5) cents += 1n
  const text = cents.toString().padStart(3, '0')
  const out = `${text.slice(0, -2)}.${text.slice(-2)}`
  return sign && cents !== 0n ? `-${out}` : out
}

/** Whether a decimal string is greater than zero. */
export function isPositive(value: string): boolean {
  const { sign, int, frac } = splitDecimal(value)
  return sign === '' && /[1-9]/.test(int + frac)
}

function scaled(value: string): { n: bigint; scale: number } {
  const { sign, int, frac } = splitDecimal(value)
  const n = BigInt(int + frac)
  return { n: sign ? -n : n, scale: frac.length }
}

/** amount × factor, exact, then rounded to two places half away from zero ("100.00" × "24.325" → "2432.50"). */
export function multiplyMoney(amount: string, factor: string): string {
  const a = scaled(amount)
  const b = scaled(factor)
  const product = a.n * b.n
  const scale = a.scale + b.scale
  const negative = product < 0n
  const abs = negative ? -product : product
  let cents: bigint
  if (scale <= 2) cents = abs * 10n ** BigInt(2 - scale)
  else {
    const div = 10n ** BigInt(scale - 2)
    cents = (abs + div / 2n) / div
  }
  const text = cents.toString().padStart(3, '0')
  const out = `${text.slice(0, -2)}.${text.slice(-2)}`
  return negative && cents !== 0n ? `-${out}` : out
}
