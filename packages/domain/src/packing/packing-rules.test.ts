import { describe, expect, it } from 'vitest'
import { orderScanCode, packedExactly, packScan, parsePackingCode, toteScanCode } from './packing-rules.ts'

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

describe('packing codes', () => {
  it('prints an order’s slip code and a tote’s code as the station reads them', () => {
    expect(orderScanCode(1042)).toBe('O-1042')
    expect(toteScanCode(42, 7)).toBe('W-000042-7')
    expect(toteScanCode(1234567, 12)).toBe('W-1234567-12')
  })

  it('reads a slip, a typed internal id or a tote, in any case and with spaces around', () => {
    expect(parsePackingCode('O-1042')).toEqual({ kind: 'order', internalNumericId: 1042 })
    expect(parsePackingCode(' o-1042 ')).toEqual({ kind: 'order', internalNumericId: 1042 })
    expect(parsePackingCode('1042')).toEqual({ kind: 'order', internalNumericId: 1042 })
    expect(parsePackingCode('w-000042-7')).toEqual({ kind: 'tote', waveNumber: 42, slot: 7 })
    expect(parsePackingCode(toteScanCode(9, 3))).toEqual({ kind: 'tote', waveNumber: 9, slot: 3 })
    expect(parsePackingCode(orderScanCode(77))).toEqual({ kind: 'order', internalNumericId: 77 })
  })

  it('answers null for anything else: a product barcode with letters, a wave without slot, empty text', () => {
    for (const scan of [
      '',
      '  ',
      'O-',
      'O-12a',
      'W-000042',
      'W-42-',
      'W-0000000042-1',
      'MUG-1',
      'O-1234567890123456',
    ])
      expect(parsePackingCode(scan)).toBeNull()
  })
})
