import { crc32, deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { errorMessage } from '@/lib/error-message'
import { readExcel } from './excel-rows'

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** A ZIP of deflated entries, with true CRCs and sizes (the smallest .xlsx package the reader takes). */
function zipOf(parts: [string, string][]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of parts) {
    const data = Buffer.from(text)
    const packed = deflateRawSync(data, { level: 9 })
    const fileName = Buffer.from(name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc32(data), 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc32(data), 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, packed)
    centrals.push(central, fileName)
    offset += 30 + fileName.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

/** An .xlsx whose first sheet is `sheetData` (its rows' XML). */
const xlsx = (sheetData: string) =>
  new File(
    [
      zipOf([
        [
          'xl/workbook.xml',
          `<workbook xmlns="${NS}" xmlns:r="${R_NS}"><sheets><sheet name="P" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ],
        [
          'xl/_rels/workbook.xml.rels',
          `<Relationships><Relationship Id="rId1" Type="${R_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ],
        [
          'xl/worksheets/sheet1.xml',
          `<worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`,
        ],
      ]),
    ],
    'products.xlsx',
  )

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`

describe('reading the product spreadsheet in the browser', () => {
  it('reads the rows of an .xlsx after its header', async () => {
    const file = xlsx(
      `<row r="1">${text('A1', 'name')}${text('B1', 'codes.sku')}${text('C1', 'codes.barcode')}</row>` +
        `<row r="2">${text('A2', 'Rake &amp; hoe')}${text('B2', 'R-1')}<c r="C2"><v>8594001234563</v></c>` +
        `<c r="F2"><v>950</v></c></row>`,
    )
    expect(await readExcel(file)).toEqual([
      {
        line: 2,
        name: 'Rake & hoe',
        sku: 'R-1',
        barcode: '8594001234563',
        color: '',
        size: '',
        weight: '950',
        isComplete: true,
      },
    ])
  })

  it('a zip bomb of 2,000,000 rows (under 1 MB) stops at the row limit with a message naming it', async () => {
    const file = xlsx('<row><c><v>1</v></c></row>'.repeat(2_000_000))
    expect(file.size).toBeLessThan(1024 * 1024)
    const error = await readExcel(file).catch((e: unknown) => e)
    expect(errorMessage(error)).toBe('The sheet has more than 10,000 rows.')
  })

  it('a cell of 1,000,000 characters and a file over 10 MB are refused, naming the limit', async () => {
    const giant = await readExcel(xlsx(`<row>${text('A1', 'x'.repeat(1_000_000))}</row>`)).catch((e) => e)
    expect(errorMessage(giant)).toBe('A cell has more than 32,767 characters.')
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.xlsx')
    expect(errorMessage(await readExcel(big).catch((e) => e))).toBe('The file is larger than 10 MB.')
  })
})
