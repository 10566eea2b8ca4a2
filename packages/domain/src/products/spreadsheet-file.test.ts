import { describe, expect, it } from 'vitest'
import { isXlsxFile } from './spreadsheet-file.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])

describe('isXlsxFile', () => {
  it('accepts an .xlsx whose bytes are a ZIP package', () => {
    expect(isXlsxFile('products.xlsx', zip)).toBe(true)
    expect(isXlsxFile('PRODUCTS.XLSX', zip)).toBe(true)
  })

  it('refuses a .csv renamed to .xlsx, an empty file and a package with another name', () => {
    expect(isXlsxFile('products.xlsx', bytes('name,sku,barcode\n'))).toBe(false)
    expect(isXlsxFile('products.xlsx', new Uint8Array())).toBe(false)
    expect(isXlsxFile('products.csv', zip)).toBe(false)
    expect(isXlsxFile('products.xls', zip)).toBe(false)
  })
})
