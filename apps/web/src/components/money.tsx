import { useTranslation } from 'react-i18next'

const DECIMAL = /^-?\d+(\.\d+)?$/

/** One formatter per language: making an Intl.NumberFormat costs more than formatting (16 ms of /orders' first render). */
const formats = new Map<string, Intl.NumberFormat>()
function amountFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    formats.set(locale, format)
  }
  return format
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** How many decimals a plain number shows: at least `min` (default 0), at most `max` (default 2). */
export interface NumberDigits {
  min?: number
  max?: number
}

/**
 * A plain number (a count, a chart axis, a rate, days) in the reader's number style ("1 000", "24,43"). The
 * one number formatter, next to the amount one.
 */
export function formatNumber(
  value: number | null | undefined,
  locale: string,
  { min = 0, max = Math.max(min, 2) }: NumberDigits = {},
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return ''
  const key = `${locale}|${min}|${max}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max })
    numberFormats.set(key, format)
  }
  return format.format(value)
}

/**
 * An amount with exactly 2 decimals in the reader's number style. Numeric strings of the API are formatted
 * as decimals (Intl reads strings exactly), never summed or rounded through binary floating point here.
 */
export function formatAmount(amount: string | number | null | undefined, locale: string): string {
  if (amount === null || amount === undefined || amount === '') return ''
  const value = typeof amount === 'number' ? amount : amount.trim()
  if (typeof value === 'string' && !DECIMAL.test(value)) return value
  return amountFormat(locale).format(value as number | Intl.StringNumericLiteral)
}

export interface MoneyProps {
  /** The amount as the API sends it (a decimal string such as "1234.5"), or a number. */
  amount: string | number | null | undefined
  /** ISO 4217 code shown after the amount. */
  currency?: string | null
}

/** Money with 2 decimals and its currency ("1 234,50 CZK"); a dash when there is no amount. */
export function Money({ amount, currency }: MoneyProps) {
  const { i18n } = useTranslation()
  const text = formatAmount(amount, i18n.language || 'cs')
  if (!text) return <span>—</span>
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {currency ? `${text} ${currency}` : text}
    </span>
  )
}
