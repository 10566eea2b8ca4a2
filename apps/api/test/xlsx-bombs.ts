import { PassThrough } from 'node:stream'
import { ZipWriter } from '../src/platform/documents/zip-writer.ts'

/**
 * Hostile .xlsx files for the upload limits, made with the app's own ZIP writer: small on the wire, huge
 * once inflated (a zip bomb), or lying in their ZIP headers.
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'

type Part = string | (() => AsyncIterable<string | Uint8Array>)

/** A minimal .xlsx of one sheet: the given sheet XML (and shared strings), deflated as they are made. */
export async function xlsxOf(parts: { sheet: Part; sharedStrings?: Part }): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const zip = new ZipWriter(out)
  const text = async (name: string, xml: string) => zip.add(name, Buffer.from(xml))
  await text(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  )
  await text(
    'xl/workbook.xml',
    `<workbook xmlns="${NS}" xmlns:r="${R_NS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  )
  await text(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PKG_NS}"><Relationship Id="rId1" Type="${R_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${R_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  )
  const add = async (name: string, part: Part) =>
    zip.addDeflated(
      name,
      typeof part === 'string'
        ? (async function* () {
            yield part
          })()
        : part(),
    )
  if (parts.sharedStrings) await add('xl/sharedStrings.xml', parts.sharedStrings)
  await add('xl/worksheets/sheet1.xml', parts.sheet)
  await zip.finish()
  return Buffer.concat(chunks)
}

/** The same block of text `times` times, between a head and a tail, in batches of about 1 MB. */
function repeated(head: string, block: string, times: number, tail: string) {
  return async function* () {
    yield head
    const perBatch = Math.ceil((1024 * 1024) / block.length)
    const batch = Buffer.from(block.repeat(perBatch))
    for (let i = 0; i < Math.floor(times / perBatch); i++) yield batch
    yield block.repeat(times % perBatch)
    yield tail
  }
}

const SHEET_HEAD = `<worksheet xmlns="${NS}"><sheetData>`
const SHEET_TAIL = '</sheetData></worksheet>'

/** A sheet of `rows` identical rows (tracking id, amount): 3,000,000 rows are 123 MB of XML, ~0.3 MB zipped. */
export const rowsBomb = (rows = 3_000_000) =>
  xlsxOf({ sheet: repeated(SHEET_HEAD, '<row><c><v>1</v></c><c><v>2</v></c></row>', rows, SHEET_TAIL) })

/** A shared-strings table of `count` entries (the sheet itself is one row). */
export const sharedStringsBomb = (count = 2_000_000) =>
  xlsxOf({
    sharedStrings: repeated(`<sst xmlns="${NS}">`, '<si><t>TRK-000000000</t></si>', count, '</sst>'),
    sheet: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`,
  })

/** One cell of `chars` characters. */
export const giantCell = (chars = 50_000_000) =>
  xlsxOf({
    sheet: repeated(
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`,
      'x',
      chars,
      `</t></is></c></row>${SHEET_TAIL}`,
    ),
  })

/** One row of `columns` cells. */
export const wideRow = (columns = 100_000) =>
  xlsxOf({ sheet: repeated(`${SHEET_HEAD}<row r="1">`, '<c><v>1</v></c>', columns, `</row>${SHEET_TAIL}`) })

/**
 * No rows and no strings, only `bytes` of whitespace in the sheet and as much in the shared strings: each part
 * may be under the part limit while both together pass the file's inflated-size limit.
 */
export const blankBomb = (bytes = 100 * 1024 * 1024) =>
  xlsxOf({
    sharedStrings: repeated(`<sst xmlns="${NS}">`, ' ', bytes, '</sst>'),
    sheet: repeated(SHEET_HEAD, ' ', bytes, SHEET_TAIL),
  })

/** A ZIP whose central directory says the sheet inflates to `declared` bytes while it inflates to far more. */
export async function lyingZip(declared = 1000): Promise<Buffer> {
  const zip = await xlsxOf({ sheet: repeated(SHEET_HEAD, ' ', 10 * 1024 * 1024, SHEET_TAIL) })
  const sheetName = Buffer.from('xl/worksheets/sheet1.xml')
  for (let at = zip.length - 22; at >= 0; at--) {
    if (
      zip.readUInt32LE(at) === 0x02014b50 &&
      zip.subarray(at + 46, at + 46 + sheetName.length).equals(sheetName)
    ) {
      zip.writeUInt32LE(declared, at + 24)
      return zip
    }
  }
  throw new Error('no central header for the sheet')
}
