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

/** Reads the first sheet; the parser is loaded only when someone uploads a file. */
export async function readExcel(file: File): Promise<ExcelRow[]> {
  const { readSheet } = await import('read-excel-file/browser')
  const data = await readSheet(file)
  return toExcelRows(data as unknown as unknown[][])
}
