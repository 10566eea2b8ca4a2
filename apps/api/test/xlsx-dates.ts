import ExcelJS from 'exceljs'
import { expect } from 'vitest'

/**
 * A moment as an export writes it, read back by exceljs: the wall-clock time in Prague (the business's time
 * zone) as if it were UTC. Worked out by the ICU time-zone data, not by the writer's code.
 */
export function pragueWallClock(moment: Date | string): Date {
  const date = new Date(moment)
  const text = date.toLocaleString('sv-SE', { timeZone: 'Europe/Prague' })
  return new Date(`${text.replace(' ', 'T')}.${String(date.getUTCMilliseconds()).padStart(3, '0')}Z`)
}

/** The number formats of the exports' date cells (platform/providers/xlsx-export.ts). */
export const EXCEL_DATE_FORMAT = 'yyyy-mm-dd'
export const EXCEL_DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss'

/**
 * Reads an exported .xlsx back with exceljs (a reader nobody here wrote) and checks its dates as a
 * spreadsheet sees them: every non-empty cell under a `date` header is a Date with the day format, under a
 * `datetime` header a Date with the date-time format, each such column has at least one; and no text cell
 * anywhere looks like a date (a date left as text). Answers the sheet's rows by header for more checks.
 */
export async function expectExcelDates(
  file: Buffer | ArrayBuffer | Uint8Array,
  columns: { date?: string[]; datetime?: string[] },
): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(file as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const headers = ((sheet.getRow(1).values as unknown[]) ?? []).slice(1).map(String)
  const wanted = new Map<string, string>([
    ...(columns.date ?? []).map((h) => [h, EXCEL_DATE_FORMAT] as [string, string]),
    ...(columns.datetime ?? []).map((h) => [h, EXCEL_DATETIME_FORMAT] as [string, string]),
  ])
  for (const header of wanted.keys()) expect(headers, `a column "${header}"`).toContain(header)
  const seen = new Map<string, number>()
  const rows: Record<string, unknown>[] = []
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const values: Record<string, unknown> = {}
    headers.forEach((header, i) => {
      const cell = row.getCell(i + 1)
      values[header] = cell.value
      if (cell.value === null || cell.value === undefined) return
      const format = wanted.get(header)
      if (format) {
        expect(cell.value, `${header} row ${r}`).toBeInstanceOf(Date)
        expect(cell.numFmt, `${header} row ${r}`).toBe(format)
        seen.set(header, (seen.get(header) ?? 0) + 1)
      } else if (typeof cell.value === 'string') {
        expect(cell.value, `${header} row ${r}: a date left as text`).not.toMatch(/^\d{4}-\d{2}-\d{2}/)
      }
    })
    rows.push(values)
  }
  for (const header of wanted.keys()) expect(seen.get(header) ?? 0, `dates in "${header}"`).toBeGreaterThan(0)
  return rows
}
