import { describe, expect, it } from 'vitest'
import { toExcelRows, toImportRow } from './excel-rows'
import { shouldSearch } from './search-input'

describe('excel rows', () => {
  it('skips the header and blank rows and flags rows missing name, sku or barcode', () => {
    const rows = toExcelRows([
      ['name', 'codes.sku', 'codes.barcode', 'color', 'size', 'proprieties.weight'],
      ['Rake', 'R-1', 8594001234563, 'green', 'L', 950],
      [null, null, null, null, null, null],
      ['Hose', 'H-1', '', 'orange', '', ''],
    ])
    expect(rows).toEqual([
      {
        line: 2,
        name: 'Rake',
        sku: 'R-1',
        barcode: '8594001234563',
        color: 'green',
        size: 'L',
        weight: '950',
        isComplete: true,
      },
      {
        line: 4,
        name: 'Hose',
        sku: 'H-1',
        barcode: '',
        color: 'orange',
        size: '',
        weight: '',
        isComplete: false,
      },
    ])
  })

  it('sends a row in the API’s nested shape with a numeric weight', () => {
    const [rake] = toExcelRows([[], ['Rake', 'R-1', '859', 'green', 'L', '950']])
    expect(toImportRow(rake!)).toEqual({
      name: 'Rake',
      codes: { sku: 'R-1', barcode: '859' },
      color: 'green',
      size: 'L',
      proprities: { weight: 950 },
    })
  })
})

describe('product search', () => {
  it('fires above 2 characters or when cleared', () => {
    expect(shouldSearch('ko')).toBe(false)
    expect(shouldSearch('kon')).toBe(true)
    expect(shouldSearch('  ')).toBe(true)
  })
})
