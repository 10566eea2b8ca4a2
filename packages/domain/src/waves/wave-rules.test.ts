import { describe, expect, it } from 'vitest'
import { planPicks, scanMatchesGoods, waveCode } from './wave-rules.ts'

describe('planPicks', () => {
  it('takes from the places in the order given, only what each holds free', () => {
    const plan = planPicks(7, [
      { locationId: 'a', free: 0 },
      { locationId: 'b', free: 3 },
      { locationId: 'c', free: 10 },
    ])
    expect(plan).toEqual({
      picks: [
        { locationId: 'b', quantity: 3 },
        { locationId: 'c', quantity: 4 },
      ],
      rest: 0,
    })
  })

  it('answers what no place holds as the rest', () => {
    expect(planPicks(5, [{ locationId: 'a', free: 2 }])).toEqual({
      picks: [{ locationId: 'a', quantity: 2 }],
      rest: 3,
    })
  })
})

describe('scanMatchesGoods', () => {
  const goods = { sku: 'SEED-01', barcode: '8594000000017' }
  it('accepts the barcode or the SKU, whatever the case and spaces', () => {
    expect(scanMatchesGoods(' 8594000000017 ', goods)).toBe(true)
    expect(scanMatchesGoods('seed-01', goods)).toBe(true)
  })
  it('refuses another code and an empty scan', () => {
    expect(scanMatchesGoods('8594000000024', goods)).toBe(false)
    expect(scanMatchesGoods('  ', { sku: 'X', barcode: '' })).toBe(false)
  })
})

it('prints the wave number with six digits', () => {
  expect(waveCode(42)).toBe('W-000042')
})
