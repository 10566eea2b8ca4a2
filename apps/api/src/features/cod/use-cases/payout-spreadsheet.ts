import { cents, MAX_PAYOUT_ROWS, moneyText, SpreadsheetLimitError } from '@expedo/domain'
import { AppError, invalid } from '../../../platform/http/app-error.ts'
import {
  readUploadedSheet,
  spreadsheetTooLarge,
  type XlsxCell,
} from '../../../platform/providers/xlsx-import.ts'
import type { PayoutLine } from '../cod.repository.ts'

/** Header names (lower case, no spaces or punctuation) of the three columns a payout spreadsheet has. */
const headers = {
  trackingId: ['trackingid', 'tracking', 'trackingnumber', 'awb', 'shipment', 'shipmentnumber', 'num'],
  amount: ['amount', 'cod', 'codamount', 'sum', 'paid', 'paidamount'],
  date: ['date', 'paiddate', 'paydate', 'paymentdate'],
} as const
const norm = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

type Cell = XlsxCell | undefined

function cellText(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).trim()
}

function parseAmount(value: Cell): string | undefined {
  const raw = typeof value === 'number' ? String(value) : cellText(value).replace(/\s/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(raw)) return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0 || Math.abs(n) >= 1e12) return undefined
  return moneyText(cents(Number(n.toFixed(2))))
}

function parseDate(value: Cell): string | null | undefined {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  const text = cellText(value)
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (m) return `${m[1]}-${m[2]}-${m[3]}`
  m = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(text)
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  return undefined
}

const tooManyRows = () => spreadsheetTooLarge('file', new SpreadsheetLimitError('rows', MAX_PAYOUT_ROWS))

/**
 * The payout lines of an uploaded .xlsx (the first sheet): tracking id, amount, date — by header name
 * when the first row names them, else the first three columns. Any unreadable row refuses the whole file
 * (400 naming the row), so nothing is written from a half-read report. The sheet is read as it inflates
 * within the spreadsheet limits (413 naming the one passed): only the three cells of each row are kept.
 */
export async function readPayoutSpreadsheet(bytes: Buffer): Promise<PayoutLine[]> {
  const lines: PayoutLine[] = []
  let cols: { trackingId: number; amount: number; date: number } | undefined
  const handleRow = (r: number, cells: Cell[]) => {
    if (!cols) {
      const columnOf = (names: readonly string[]) =>
        cells.findIndex((c) => names.includes(norm(cellText(c)))) + 1
      const named = { trackingId: columnOf(headers.trackingId), amount: columnOf(headers.amount) }
      const hasHeader = r === 1 && named.trackingId > 0 && named.amount > 0
      cols = hasHeader
        ? { trackingId: named.trackingId, amount: named.amount, date: columnOf(headers.date) }
        : { trackingId: 1, amount: 2, date: 3 }
      if (hasHeader) return
    }
    const trackingId = cellText(cells[cols.trackingId - 1])
    const amountCell = cells[cols.amount - 1]
    if (!trackingId && (amountCell === null || amountCell === undefined || amountCell === '')) return
    if (!trackingId) throw invalid('file', `row ${r}: the tracking id is missing`)
    if (trackingId.length > 100) throw invalid('file', `row ${r}: the tracking id is too long`)
    const amount = parseAmount(amountCell)
    if (amount === undefined) throw invalid('file', `row ${r}: the amount must be a number of 0 or more`)
    const paidDate = cols.date ? parseDate(cells[cols.date - 1]) : null
    if (paidDate === undefined) throw invalid('file', `row ${r}: the date must be YYYY-MM-DD or D.M.YYYY`)
    lines.push({ trackingId, amount, currency: '', paidDate })
    if (lines.length > MAX_PAYOUT_ROWS) throw tooManyRows()
  }
  // MAX_PAYOUT_ROWS payout rows and a header row: the sheet's row limit, named as the payout rows'.
  await readUploadedSheet(bytes, handleRow, { limits: { rows: MAX_PAYOUT_ROWS + 1 } }).catch((error) => {
    throw error instanceof AppError && error.limit?.name === 'rows' ? tooManyRows() : error
  })
  if (!lines.length) throw invalid('file', 'has no payout rows (tracking id, amount, date)')
  return lines
}
