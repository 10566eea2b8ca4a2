import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { ZipWriter } from '../documents/zip-writer.ts'
import { AppError } from '../http/app-error.ts'

/** Spec §7 Exports: the answer when nothing matches (the web's export popup shows the same words). */
export const NO_OBJECTS_FOR_EXPORT = 'No objects were found for export'

/**
 * Reads the first batch before the file starts: nothing to export is a 404 the web shows as 'No objects were
 * found for export' (a started download cannot turn into an error any more).
 */
export async function nonEmpty<T>(batches: AsyncGenerator<T[]>): Promise<AsyncGenerator<T[]>> {
  const first = await batches.next()
  if (first.done) throw new AppError('NOT_FOUND', NO_OBJECTS_FOR_EXPORT)
  return (async function* () {
    yield first.value
    yield* batches
  })()
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface XlsxColumn<T> {
  header: string
  width?: number
  /**
   * A date column: every value (a Date, or its ISO text: '2026-11-30', '2026-11-30T08:15:00.000Z') is an
   * Excel date with a number format, never text: 'date' a day (yyyy-mm-dd), 'datetime' a moment
   * (yyyy-mm-dd hh:mm:ss). A moment is written as the business's local time (`EXPORT_TIME_ZONE`), a day as
   * that day. A Date in a column without a format is a date-time.
   */
  format?: 'date' | 'datetime'
  value: (row: T) => string | number | Date | null
}

/**
 * The business's time zone (Czech provider, docs/FINANCE.md): a spreadsheet has no time zones, so a moment
 * is written as the wall-clock time there, and its day is the day there. An accountant in Prague reads an
 * order created at 00:30 on 1 December as 1 December, not as 23:30 on 30 November (UTC). No setting names
 * another zone: change it here if one does.
 */
export const EXPORT_TIME_ZONE = 'Europe/Prague'

/** A calendar day (an ISO day text): the same day wherever it is read, never shifted by a time zone. */
class ExcelDay {
  readonly serial: number
  constructor(serial: number) {
    this.serial = serial
  }
}

type CellValue = string | number | Date | ExcelDay | null

/** The cell styles of the package's styles.xml (its cellXfs, by index). */
const DATE_STYLE = 1
const DATETIME_STYLE = 2

/**
 * A date column's value as a date: an ISO day is that day, an ISO moment that moment; a text that is neither
 * stays text (nothing is lost), null stays empty.
 */
function dateValue(value: string | number | Date | null): CellValue {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (!text) return null
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return value
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = new Date(`${text}T00:00:00Z`)
    return Number.isNaN(day.getTime()) ? value : new ExcelDay(excelSerial(day))
  }
  const date = new Date(text.replace(' ', 'T'))
  return Number.isNaN(date.getTime()) ? value : date
}

const HOUR_MS = 3_600_000
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: EXPORT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})
/** The zone's offset from UTC (ms) by the UTC hour: offsets change on whole hours, an export reuses them. */
const offsets = new Map<number, number>()

function zoneOffset(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS)
  let offset = offsets.get(hour)
  if (offset === undefined) {
    const at = new Date(hour * HOUR_MS)
    const p = Object.fromEntries(zoneParts.formatToParts(at).map((part) => [part.type, Number(part.value)]))
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - at.getTime()
    if (offsets.size > 10_000) offsets.clear()
    offsets.set(hour, offset)
  }
  return offset
}

/** A moment's serial as the business's wall clock shows it (EXPORT_TIME_ZONE). */
const localSerial = (date: Date) => excelSerial(new Date(date.getTime() + zoneOffset(date)))

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @; also tab and CR, OWASP's list) gets a
 * leading apostrophe: exported data never runs as a formula.
 */
export function escapeCell<T extends CellValue>(value: T): T | string {
  if (typeof value !== 'string') return value
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** Column letters of a 0-based index: A … Z, AA … */
function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/**
 * Text as XML character data: the five markup characters escaped, and the control characters XML 1.0
 * cannot hold (all below U+0020 but tab, line feed and carriage return; U+007F; U+FFFE and U+FFFF) left out,
 * as exceljs did.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot hold, which this leaves out
const XML_SPECIAL = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g
const XML_REPLACEMENT: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}
const xmlText = (text: string) => text.replace(XML_SPECIAL, (c) => XML_REPLACEMENT[c] ?? '')

/** Days since 1899-12-30 (Excel's 1900 date system), the serial number a date cell holds. */
const excelSerial = (date: Date) => 25569 + date.getTime() / 86_400_000

/**
 * One cell: text (t="str"), a number, or a date: its serial number in the date style (a day: yyyy-mm-dd)
 * or the date-time style (yyyy-mm-dd hh:mm:ss); null: none.
 */
function cellXml(ref: string, value: CellValue, format?: 'date' | 'datetime'): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : ''
  if (value instanceof Date || value instanceof ExcelDay) {
    if (value instanceof Date && Number.isNaN(value.getTime())) return ''
    const serial = value instanceof ExcelDay ? value.serial : localSerial(value)
    return format === 'date'
      ? `<c r="${ref}" s="${DATE_STYLE}"><v>${Math.floor(serial)}</v></c>`
      : `<c r="${ref}" s="${DATETIME_STYLE}"><v>${serial}</v></c>`
  }
  return `<c r="${ref}" t="str"><v>${xmlText(value)}</v></c>`
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const SPREADSHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const RELATIONSHIP_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'

/** The package's fixed parts: content types, relationships, the workbook with its one sheet, the styles. */
function packageParts(sheetName: string): [string, string][] {
  const part = (xml: string) => XML_DECLARATION + xml
  return [
    [
      '[Content_Types].xml',
      part(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      ),
    ],
    [
      '_rels/.rels',
      part(
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIP_NS}/officeDocument" Target="xl/workbook.xml"/>` +
          '</Relationships>',
      ),
    ],
    [
      'xl/workbook.xml',
      part(
        `<workbook xmlns="${SPREADSHEET_NS}" xmlns:r="${RELATIONSHIP_NS}"><sheets>` +
          `<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      part(
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIP_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${RELATIONSHIP_NS}/styles" Target="styles.xml"/>` +
          '</Relationships>',
      ),
    ],
    [
      'xl/styles.xml',
      // Style 0: the default; style 1: a day (yyyy-mm-dd); style 2: a date-time (yyyy-mm-dd hh:mm:ss). Custom
      // formats rather than the built-in 14, which each spreadsheet shows in its own locale's order.
      part(
        `<styleSheet xmlns="${SPREADSHEET_NS}">` +
          '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' +
          '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
          '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
          '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
          '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
          '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
          '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
          '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
          '</styleSheet>',
      ),
    ],
  ]
}

/** The sheet's XML as it is made: the header row, then one string per batch of rows. */
async function* sheetXml<T>(columns: XlsxColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  const names = columns.map((_, i) => columnName(i))
  const widths = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`)
    .join('')
  const header = columns.map((c, i) => cellXml(`${names[i]}1`, c.header)).join('')
  yield `${XML_DECLARATION}<worksheet xmlns="${SPREADSHEET_NS}"><cols>${widths}</cols><sheetData><row r="1">${header}</row>`
  let r = 1
  for await (const batch of batches) {
    let xml = ''
    for (const row of batch) {
      r++
      xml += `<row r="${r}">`
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!
        const value = column.value(row)
        xml += column.format
          ? cellXml(`${names[i]}${r}`, escapeCell(dateValue(value)), column.format)
          : cellXml(`${names[i]}${r}`, escapeCell(value))
      }
      xml += '</row>'
    }
    yield xml
  }
  yield '</sheetData></worksheet>'
}

/**
 * Streams an .xlsx file into the reply: a minimal SpreadsheetML package (one sheet, cells as text, numbers
 * and dates) written row batch by row batch into a deflated ZIP entry (platform/documents/zip-writer.ts).
 * Each batch becomes one string of XML, deflated and sent before the next batch is read, and the writer
 * waits while the client is behind, so memory stays flat whatever the number of rows. (exceljs's streaming
 * writer, used before, made objects for every row and cell: an export of 1,000,000 lines grew the server by
 * 60 MB and more.) A client that goes away closes the stream: the writer stops and closes `batches` (the
 * sheet's for-await returns the generator), rather than reading the rest for nobody.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  options: { filename: string; sheet: string; columns: XlsxColumn<T>[]; batches: AsyncIterable<T[]> },
): Promise<FastifyReply> {
  const out = new PassThrough({ highWaterMark: 256 * 1024 })
  reply.header('content-type', XLSX_CONTENT_TYPE)
  reply.header('content-disposition', `attachment; filename="${options.filename}"`)
  const write = async () => {
    const zip = new ZipWriter(out)
    const now = new Date()
    for (const [name, xml] of packageParts(options.sheet)) await zip.add(name, Buffer.from(xml, 'utf8'), now)
    await zip.addDeflated('xl/worksheets/sheet1.xml', sheetXml(options.columns, options.batches), now)
    await zip.finish()
  }
  write().catch((error: unknown) => {
    if (!out.destroyed) reply.log.error({ err: error }, 'export failed')
    out.destroy(error as Error)
  })
  return reply.send(out)
}
