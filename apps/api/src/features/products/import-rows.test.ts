import { describe, expect, it } from 'vitest'
import { checkRow, checkRows, DUPLICATE_SKU_MESSAGE, toResult } from './import-rows.ts'

const row = (sku: string, extra: Record<string, unknown> = {}) => ({
  name: `Pot ${sku}`,
  codes: { sku, barcode: '8594001234563' },
  ...extra,
})

describe('checkRow', () => {
  it('accepts a complete row, trimming cells and turning numbers into text', () => {
    expect(
      checkRow({ name: '  Pot ', codes: { sku: 12, barcode: 8594001234563 }, proprities: { weight: '350' } }),
    ).toEqual({
      ok: true,
      sku: '12',
      name: 'Pot',
      values: { name: 'Pot', sku: '12', barcode: '8594001234563', color: '', size: '', weightGrams: 350 },
    })
  })

  it('names every missing required cell', () => {
    expect(checkRow({ name: '', codes: { sku: ' ' } })).toMatchObject({
      ok: false,
      error: 'Required: name, sku, barcode',
    })
  })

  it.each([['heavy'], [-1], [1.5]])('refuses the weight %j', (weight) => {
    expect(checkRow(row('W', { proprities: { weight } }))).toMatchObject({ ok: false })
  })

  it('refuses what is not a row at all', () => {
    expect(checkRow('text')).toMatchObject({ ok: false, error: 'Not a product row' })
  })
})

describe('checkRows and toResult', () => {
  it('marks the second row of a SKU as a duplicate within the file', () => {
    const checked = checkRows([row('A'), row('B'), row('A')])
    expect(checked.map((r) => r.ok)).toEqual([true, true, false])
    expect(checked[2]).toMatchObject({
      error: 'Duplicate SKU in the file (row 1)',
      code: 'DUPLICATE_IN_FILE',
    })
  })

  it('reports a valid row the database skipped as a duplicate with E11000', () => {
    const [a, b] = checkRows([row('A'), row('B')])
    expect(toResult(a!, new Set(['A']))).toEqual({ sku: 'A', name: 'Pot A', success: true })
    expect(toResult(b!, new Set(['A']))).toEqual({
      sku: 'B',
      name: 'Pot B',
      success: false,
      error: DUPLICATE_SKU_MESSAGE,
      code: 'DUPLICATE_SKU',
    })
  })
})
