import { describe, expect, it } from 'vitest'
import { packedExactly, packScan } from './packing-rules.ts'

const lines = [
  { sku: 'MUG-1', barcode: '8594000000017', quantity: 2 },
  { sku: 'TEA-7', barcode: '', quantity: 1 },
]

describe('packScan', () => {
  it('counts the goods of the order into their line, by barcode or SKU, until the order is complete', () => {
    expect(packScan(lines, [0, 0], '8594000000017')).toEqual({
      kind: 'packed',
      index: 0,
      packed: 1,
      complete: false,
    })
    expect(packScan(lines, [1, 0], 'mug-1')).toEqual({ kind: 'packed', index: 0, packed: 2, complete: false })
    expect(packScan(lines, [2, 0], 'TEA-7')).toEqual({ kind: 'packed', index: 1, packed: 1, complete: true })
  })

  it('refuses goods not in the order and one too many, saying how many the order has', () => {
    expect(packScan(lines, [0, 0], '4006381333931')).toEqual({ kind: 'wrongItem' })
    expect(packScan(lines, [2, 0], 'MUG-1')).toEqual({ kind: 'tooMany', index: 0, quantity: 2 })
  })

  it('fills the next line of the same goods when the order has them twice', () => {
    const twice = [
      { sku: 'MUG-1', barcode: '', quantity: 1 },
      { sku: 'MUG-1', barcode: '', quantity: 1 },
    ]
    expect(packScan(twice, [1, 0], 'MUG-1')).toEqual({ kind: 'packed', index: 1, packed: 1, complete: true })
  })
})

describe('packedExactly', () => {
  it('is true only when every line is full and none is over', () => {
    expect(packedExactly(lines, [2, 1])).toBe(true)
    expect(packedExactly(lines, [2, 0])).toBe(false)
    expect(packedExactly(lines, [3, 1])).toBe(false)
    expect(packedExactly([], [])).toBe(false)
  })
})
