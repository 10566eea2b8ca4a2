import { MAX_IMPORT_ROWS, SPREADSHEET_LIMITS, SpreadsheetLimitError } from '@expedo/domain'
import type { Inflate, XlsxCell } from '@expedo/domain/files/xlsx-reader'

/** One spreadsheet row in the column order of spec §5: name, codes.sku, codes.barcode, color, size, proprieties.weight. */
export interface ExcelRow {
  line: number
  name: string
  sku: string
  barcode: string
  color: string
  size: string
  weight: string
  /** Name, SKU and barcode are all there: the row will be sent. */
  isComplete: boolean
}

const text = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell).trim())

/** The data rows (the first row is the header); blank rows are skipped. */
export function toExcelRows(sheet: readonly (readonly unknown[])[]): ExcelRow[] {
  return sheet.slice(1).flatMap((cells, index) => {
    const [name, sku, barcode, color, size, weight] = Array.from({ length: 6 }, (_, i) => text(cells[i]))
    if (![name, sku, barcode, color, size, weight].some(Boolean)) return []
    const row = {
      line: index + 2,
      name: name!,
      sku: sku!,
      barcode: barcode!,
      color: color!,
      size: size!,
      weight: weight!,
    }
    return [{ ...row, isComplete: Boolean(row.name && row.sku && row.barcode) }]
  })
}

/** The body row of POST /products/upload/xls. */
export function toImportRow(row: ExcelRow) {
  const weight = row.weight === '' ? undefined : Number(row.weight)
  return {
    name: row.name,
    codes: { sku: row.sku, barcode: row.barcode },
    color: row.color,
    size: row.size,
    proprities: { weight: weight !== undefined && Number.isFinite(weight) ? weight : row.weight },
  }
}

/** The browser's raw inflate, pulled one chunk at a time; stopping early cancels it (a zip bomb stops there). */
const inflateInBrowser: Inflate = (compressed) => ({
  async *[Symbol.asyncIterator]() {
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(compressed as Uint8Array<ArrayBuffer>)
        controller.close()
      },
    })
    const reader = stream.pipeThrough(new DecompressionStream('deflate-raw')).getReader()
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value
    } finally {
      reader.cancel().catch(() => {})
    }
  },
})

/**
 * Reads the first sheet as it inflates, within the spreadsheet limits (a SpreadsheetLimitError names the
 * one passed: a zip bomb stops there instead of filling the tab's memory); more than MAX_IMPORT_ROWS rows
 * is refused here too, as the server would. The reader is loaded only when someone uploads a file.
 */
export async function readExcel(file: File): Promise<ExcelRow[]> {
  if (file.size > SPREADSHEET_LIMITS.fileBytes)
    throw new SpreadsheetLimitError('fileBytes', SPREADSHEET_LIMITS.fileBytes)
  const { readXlsxSheet } = await import('@expedo/domain/files/xlsx-reader')
  const sheet: XlsxCell[][] = []
  try {
    await readXlsxSheet(new Uint8Array(await file.arrayBuffer()), {
      inflate: inflateInBrowser,
      limits: { rows: MAX_IMPORT_ROWS + 1 }, // and the header
      onRow: (r, cells) => {
        sheet[r - 1] = cells
      },
    })
  } catch (error) {
    if (error instanceof SpreadsheetLimitError && error.limit === 'rows')
      throw new SpreadsheetLimitError('rows', MAX_IMPORT_ROWS)
    throw error
  }
  const rows = toExcelRows(sheet)
  if (rows.length > MAX_IMPORT_ROWS) throw new SpreadsheetLimitError('rows', MAX_IMPORT_ROWS)
  return rows
}
