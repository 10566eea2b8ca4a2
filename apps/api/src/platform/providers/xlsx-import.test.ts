import { SPREADSHEET_LIMITS, type SpreadsheetLimits } from '@expedo/domain'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  blankBomb,
  giantCell,
  lyingZip,
  rowsBomb,
  sharedStringsBomb,
  wideRow,
} from '../../../test/xlsx-bombs.ts'
import { AppError } from '../http/app-error.ts'
import { readUploadedSheet, type XlsxCell } from './xlsx-import.ts'

/** Reads a file with the reader; the largest heap seen while it read (sampled on every 1,000th row). */
async function read(bytes: Buffer, limits: Partial<SpreadsheetLimits> = {}) {
  const rows: XlsxCell[][] = []
  const before = process.memoryUsage().heapUsed
  let peak = before
  let count = 0
  const error = await readUploadedSheet(
    bytes,
    (_r, cells) => {
      if (rows.length < 10) rows.push(cells)
      if (++count % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed)
    },
    { limits },
  ).then(
    () => undefined,
    (e: unknown) => e,
  )
  return { rows, count, error: error as AppError | undefined, heapGrowth: peak - before }
}

const MB = 1024 * 1024

describe('readUploadedSheet: zip bombs stop at the first limit they pass', () => {
  it('a sheet of 3,000,000 rows zipped to under 1 MB: 413 naming the row limit, the heap not growing with it', async () => {
    const bomb = await rowsBomb()
    expect(bomb.length).toBeLessThan(MB)
    const { error, count, heapGrowth } = await read(bomb)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      details: { file: 'has more than 200,000 rows' },
      limit: { name: 'rows', max: SPREADSHEET_LIMITS.rows },
    })
    expect(count).toBe(SPREADSHEET_LIMITS.rows)
    expect(heapGrowth).toBeLessThan(64 * MB)
  })

  it('a shared-strings table of 2,000,000 entries: 413 naming the shared-strings limit', async () => {
    const { error } = await read(await sharedStringsBomb())
    expect(error).toMatchObject({ statusCode: 413, limit: { name: 'sharedStrings', max: 500_000 } })
    expect(error?.details?.file).toBe('has more than 500,000 shared texts')
  })

  it('one cell of 50,000,000 characters: 413 naming the cell length', async () => {
    const { error } = await read(await giantCell())
    expect(error).toMatchObject({
      statusCode: 413,
      details: { file: 'has a cell longer than 32,767 characters' },
    })
  })

  it('a row of 100,000 columns: 413 naming the column limit', async () => {
    const { error } = await read(await wideRow())
    expect(error).toMatchObject({ statusCode: 413, details: { file: 'has more than 1,000 columns' } })
  })

  it('a sheet whose ZIP header says 200 MB: 413 naming the part limit before anything inflates', async () => {
    const { error, count } = await read(await rowsBomb(5_000_000))
    expect(error).toMatchObject({
      statusCode: 413,
      details: { file: 'has a part larger than 128 MB once unpacked' },
    })
    expect(count).toBe(0)
  })

  it("two parts of blanks (no rows, no texts) that pass the file's unpacked size together: 413 naming it", async () => {
    // 20 MB each against a 32 MB limit: the same check as 100 MB each against 192 MB, in a tenth of the time.
    const { error } = await read(await blankBomb(20 * MB), { inflatedBytes: 32 * MB })
    expect(error).toMatchObject({ statusCode: 413, details: { file: 'is larger than 32 MB once unpacked' } })
  })

  it('a ZIP whose central directory understates a part: refused as unreadable once it inflates past it', async () => {
    const { error, count } = await read(await lyingZip(1000))
    expect(error).toMatchObject({ statusCode: 400, details: { file: 'is not a readable .xlsx spreadsheet' } })
    expect(count).toBe(0)
  })

  it('a file larger than the upload limit is refused before anything inflates', async () => {
    const { error } = await read(Buffer.alloc(SPREADSHEET_LIMITS.fileBytes + 1))
    expect(error).toMatchObject({ statusCode: 413, details: { file: 'is larger than 10 MB' } })
  })

  it('a row limit of the caller is the one named', async () => {
    const error = await readUploadedSheet(await rowsBomb(1000), () => {}, { limits: { rows: 100 } }).catch(
      (e: AppError) => e,
    )
    expect(error).toMatchObject({ details: { file: 'has more than 100 rows' } })
  })
})

/** exceljs's value of a cell in the reader's terms: formulas by their result, rich text as its text. */
function plain(value: ExcelJS.CellValue): XlsxCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'object' && !(value instanceof Date)) {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue)
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('text' in value) return String(value.text)
  }
  return value as XlsxCell
}

describe('readUploadedSheet: a normal file', () => {
  it('reads back what exceljs reads: text, numbers, dates, booleans, rich text, formulas, blanks', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Payouts')
    sheet.addRow(['Tracking id', 'Amount', 'Date', 'Note'])
    sheet.addRow(['TRK-1', 300, new Date('2026-11-02T00:00:00Z'), 'Údolní <53> & "ß" \'Ж\''])
    sheet.addRow(['TRK-2', 410.25, '2026-11-03', { richText: [{ text: 'rich ' }, { text: 'text' }] }])
    sheet.addRow([null, null, null, null])
    sheet.addRow(['TRK-3', { formula: 'B2+B3', result: 710.25 }, null, true])
    sheet.getCell('F7').value = 'far away'
    sheet.getCell('G8').value = new Date('1999-12-31T00:00:00Z')
    sheet.getCell('G8').numFmt = 'dd.mm.yyyy'
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer())

    const expected = new ExcelJS.Workbook()
    await expected.xlsx.load(bytes as unknown as ArrayBuffer)
    const want: [number, XlsxCell[]][] = []
    expected.worksheets[0]!.eachRow((row, r) => {
      const cells: XlsxCell[] = []
      row.eachCell((cell, c) => {
        cells[c - 1] = plain(cell.value)
      })
      want.push([r, cells])
    })
    const got: [number, XlsxCell[]][] = []
    await readUploadedSheet(bytes, (r, cells) => {
      const values: XlsxCell[] = []
      cells.forEach((v, c) => {
        if (v !== null) values[c] = v
      })
      if (values.length) got.push([r, values])
    })
    expect(got).toEqual(want)
    expect(got.length).toBe(6)
  })

  it('a file that is not a ZIP, or a ZIP without a workbook: 400 naming the file', async () => {
    const notZip = await readUploadedSheet(Buffer.from('Tracking id;Amount\nTRK;1\n'), () => {}).catch(
      (e: AppError) => e,
    )
    expect(notZip).toMatchObject({
      statusCode: 400,
      details: { file: 'is not a readable .xlsx spreadsheet' },
    })
  })
})
