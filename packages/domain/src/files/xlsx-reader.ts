import {
  SPREADSHEET_LIMITS,
  SpreadsheetFormatError,
  SpreadsheetLimitError,
  type SpreadsheetLimits,
} from './spreadsheet-limits.ts'
import { entryText, type Inflate, type InflatedTotal, type ZipEntry, zipEntries } from './xlsx-zip.ts'
import { decodeXmlText, type XmlHandler, XmlTokenizer } from './xml-tokenizer.ts'

export type { Inflate } from './xlsx-zip.ts'

/** A cell as read: text, a number, a boolean, a date (a number in a date format), or nothing. */
export type XlsxCell = string | number | boolean | Date | null

export interface XlsxReadOptions {
  inflate: Inflate
  /** Tighter (or looser) limits than SPREADSHEET_LIMITS. */
  limits?: Partial<SpreadsheetLimits>
  /**
   * Each row with its 1-based number and its cells by 0-based column (holes where no cell is). Called in
   * sheet order; a throw stops the reading and rejects with it.
   */
  onRow: (row: number, cells: XlsxCell[]) => void
}

/**
 * Reads the first sheet of an .xlsx held in memory as a stream: each part is inflated chunk by chunk and
 * tokenized as it comes, and every limit (SPREADSHEET_LIMITS) is checked as it inflates, so a zip bomb
 * stops at the first limit it passes with a SpreadsheetLimitError; a file that is not a readable .xlsx
 * rejects with a SpreadsheetFormatError. Only the shared strings (bounded) and the current row are held.
 */
export async function readXlsxSheet(bytes: Uint8Array, options: XlsxReadOptions): Promise<void> {
  const limits = { ...SPREADSHEET_LIMITS, ...options.limits }
  const entries = zipEntries(bytes, limits)
  const total: InflatedTotal = { bytes: 0 }
  const parse = async (entry: ZipEntry | undefined, handler: XmlHandler) => {
    if (!entry) return
    const tokenizer = new XmlTokenizer(handler)
    for await (const text of entryText(bytes, entry, options.inflate, limits, total)) tokenizer.write(text)
    tokenizer.end()
  }
  const workbook = { sheetId: '', date1904: false }
  const workbookEntry = entries.get('xl/workbook.xml')
  if (!workbookEntry) throw new SpreadsheetFormatError('is not a readable .xlsx spreadsheet')
  await parse(workbookEntry, {
    open(name, attributes) {
      if (name === 'workbookPr') workbook.date1904 = ['1', 'true'].includes(attributes.date1904 ?? '')
      if (name === 'sheet' && !workbook.sheetId) workbook.sheetId = attributes.id ?? '-'
    },
    close() {},
    text() {},
  })
  if (!workbook.sheetId) throw new SpreadsheetFormatError('has no sheet')
  const targets = new Map<string, string>()
  const parts: { sharedStrings?: string; styles?: string } = {}
  await parse(entries.get('xl/_rels/workbook.xml.rels'), {
    open(name, a) {
      if (name !== 'Relationship' || !a.Target) return
      const path = a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`
      targets.set(a.Id ?? '', path)
      if (a.Type?.endsWith('/sharedStrings')) parts.sharedStrings = path
      if (a.Type?.endsWith('/styles')) parts.styles = path
    },
    close() {},
    text() {},
  })
  const part = (path: string | undefined, fallback: string) =>
    entries.get((path ?? fallback).toLowerCase()) ?? entries.get(fallback)
  const sheet = part(targets.get(workbook.sheetId), 'xl/worksheets/sheet1.xml')
  if (!sheet) throw new SpreadsheetFormatError('has no sheet')
  const dateStyles = new Set<number>()
  await parse(part(parts.styles, 'xl/styles.xml'), stylesHandler(dateStyles))
  const shared: string[] = []
  await parse(part(parts.sharedStrings, 'xl/sharedStrings.xml'), sharedStringsHandler(shared, limits))
  await parse(sheet, sheetHandler({ shared, dateStyles, date1904: workbook.date1904, limits }, options.onRow))
}

/** Character data of one element, bounded by the cell limit while it accumulates (entities still raw). */
class TextCapture {
  #pieces: string[] = []
  #length = 0
  readonly #max: number

  constructor(max: number) {
    this.#max = max
  }

  add(piece: string, raw: boolean): void {
    this.#length += piece.length
    // An entity (&#x10FFFF;) is at most ten characters for one: past that even decoded text is too long.
    if (this.#length > this.#max * (raw ? 10 : 1)) throw new SpreadsheetLimitError('cellChars', this.#max)
    this.#pieces.push(raw ? piece : piece.replace(/&/g, '&amp;').replace(/</g, '&lt;'))
  }

  take(): string {
    const text = decodeXmlText(this.#pieces.join(''))
    this.#pieces = []
    this.#length = 0
    if (text.length > this.#max) throw new SpreadsheetLimitError('cellChars', this.#max)
    return text
  }
}

/** Number formats Excel builds in that show a date or a time (ECMA-376 18.8.30). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57])

/** A custom format code that shows a date: d, m, y, h or s outside quotes, escapes and [colour] blocks. */
const isDateFormat = (code: string) =>
  /[dmyhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*./g, '').replace(/general/gi, ''))

function stylesHandler(dateStyles: Set<number>): XmlHandler {
  const customDates = new Set<number>()
  let inCellXfs = false
  let xf = 0
  return {
    open(name, a, selfClosing) {
      if (name === 'numFmt' && isDateFormat(a.formatCode ?? '')) customDates.add(Number(a.numFmtId))
      if (name === 'cellXfs') inCellXfs = !selfClosing
      if (name === 'xf' && inCellXfs) {
        const format = Number(a.numFmtId ?? 0)
        if (BUILT_IN_DATE_FORMATS.has(format) || customDates.has(format)) dateStyles.add(xf)
        xf += 1
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
    text() {},
  }
}

function sharedStringsHandler(shared: string[], limits: SpreadsheetLimits): XmlHandler {
  const capture = new TextCapture(limits.cellChars)
  let chars = 0
  let inItem = false
  let inText = false
  let inPhonetic = false
  let item = ''
  return {
    open(name, _a, selfClosing) {
      if (name === 'si') {
        inItem = !selfClosing
        item = ''
        if (selfClosing) this.close('si')
      } else if (name === 'rPh') inPhonetic = !selfClosing
      else if (name === 't' && inItem && !inPhonetic) inText = !selfClosing
    },
    close(name) {
      if (name === 't' && inText) {
        inText = false
        item += capture.take()
        if (item.length > limits.cellChars) throw new SpreadsheetLimitError('cellChars', limits.cellChars)
      } else if (name === 'rPh') inPhonetic = false
      else if (name === 'si') {
        inItem = false
        chars += item.length
        if (shared.length >= limits.sharedStrings)
          throw new SpreadsheetLimitError('sharedStrings', limits.sharedStrings)
        if (chars > limits.sharedStringChars)
          throw new SpreadsheetLimitError('sharedStringChars', limits.sharedStringChars)
        shared.push(item)
      }
    },
    text(piece, raw) {
      if (inText) capture.add(piece, raw)
    },
  }
}

/** The 1-based column of a reference such as "AB12" (0 when it has none). */
function columnOf(ref: string): number {
  let column = 0
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20 // lower case
    if (c < 97 || c > 122) break
    column = column * 26 + (c - 96)
    if (column > 0xffffff) break
  }
  return column
}

/** Excel's serial day number as a date (UTC), as exceljs converts it. */
const serialDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000))

interface SheetContext {
  shared: string[]
  dateStyles: Set<number>
  date1904: boolean
  limits: SpreadsheetLimits
}

function sheetHandler(context: SheetContext, onRow: XlsxReadOptions['onRow']): XmlHandler {
  const { limits } = context
  const capture = new TextCapture(limits.cellChars)
  let rows = 0
  let rowNumber = 0
  let cells: XlsxCell[] = []
  let column = 0
  let type = ''
  let style = 0
  let value: string | null = null
  let inValue = false
  let inInline = false
  const cellValue = (): XlsxCell => {
    if (value === null) return null
    switch (type) {
      case 's':
        return context.shared[Number(value)] ?? null
      case 'str':
      case 'inlineStr':
      case 'e':
        return value
      case 'b':
        return value === '1' || value === 'true'
      case 'd': {
        const date = new Date(value)
        return Number.isNaN(date.getTime()) ? value : date
      }
      default: {
        const n = Number(value)
        if (value.trim() === '' || !Number.isFinite(n)) return value
        return context.dateStyles.has(style) ? serialDate(n, context.date1904) : n
      }
    }
  }
  return {
    open(name, a, selfClosing) {
      if (name === 'row') {
        rows += 1
        rowNumber = a.r ? Number.parseInt(a.r, 10) : rowNumber + 1
        if (rows > limits.rows || !(rowNumber <= limits.rows))
          throw new SpreadsheetLimitError('rows', limits.rows)
        cells = []
        column = 0
        if (selfClosing) onRow(rowNumber, cells)
      } else if (name === 'c') {
        column = (a.r ? columnOf(a.r) : 0) || column + 1
        if (column > limits.columns) throw new SpreadsheetLimitError('columns', limits.columns)
        type = a.t ?? 'n'
        style = Number(a.s ?? 0)
        value = null
        if (selfClosing) cells[column - 1] = null
      } else if (name === 'v') {
        inValue = !selfClosing
        if (selfClosing) value = ''
      } else if (name === 'is') inInline = !selfClosing
      else if (name === 't' && inInline) {
        inValue = !selfClosing
        if (selfClosing) value ??= ''
      }
    },
    close(name) {
      if (inValue && (name === 'v' || name === 't')) {
        inValue = false
        value = (value ?? '') + capture.take()
        if (value.length > limits.cellChars) throw new SpreadsheetLimitError('cellChars', limits.cellChars)
      } else if (name === 'is') inInline = false
      else if (name === 'c') cells[column - 1] = cellValue()
      else if (name === 'row') onRow(rowNumber, cells)
    },
    text(piece, raw) {
      if (inValue) capture.add(piece, raw)
    },
  }
}
