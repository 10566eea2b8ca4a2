import { describe, expect, it } from 'vitest'
import { planPicks, planWave, scanMatchesGoods, UNPLACED_PICK_ORDER, waveCode } from './wave-rules.ts'

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

describe('planWave', () => {
  it('gives each block units of its card in pick-path order, never the same units twice, and a line without a location for the rest', () => {
    const places = [
      { cardId: 'c1', locationId: 'near', free: 3, pickOrder: 1 },
      { cardId: 'c1', locationId: 'far', free: 1, pickOrder: 9 },
      { cardId: 'c2', locationId: 'mid', free: 5, pickOrder: 5 },
    ]
    const lines = planWave(
      [
        { orderId: 'o1', cardId: 'c1', quantity: 2 },
        { orderId: 'o2', cardId: 'c1', quantity: 3 },
        { orderId: 'o2', cardId: 'c2', quantity: 1 },
      ],
      places,
    )
    expect(lines).toEqual([
      { orderId: 'o1', cardId: 'c1', locationId: 'near', quantity: 2, pickOrder: 1 },
      { orderId: 'o2', cardId: 'c1', locationId: 'near', quantity: 1, pickOrder: 1 },
      { orderId: 'o2', cardId: 'c1', locationId: 'far', quantity: 1, pickOrder: 9 },
      { orderId: 'o2', cardId: 'c1', locationId: null, quantity: 1, pickOrder: UNPLACED_PICK_ORDER },
      { orderId: 'o2', cardId: 'c2', locationId: 'mid', quantity: 1, pickOrder: 5 },
    ])
    // The caller's places are left as they were.
    expect(places[0]!.free).toBe(3)
  })
})
