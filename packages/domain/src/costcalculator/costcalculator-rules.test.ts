import { describe, expect, it } from 'vitest'
import { calculateCosts, employeesFor } from './costcalculator-rules.ts'

// Expected numbers worked out by hand from spec §9 (employees = ceil(orders / 19 / 150) = ceil(orders / 2850)).
describe('calculateCosts, Czech variant (CZK)', () => {
  it('1000 orders: 1 employee 33500 + material 6500 + rent 12000 = 52000, 52.00 an order against 26', () => {
    expect(calculateCosts('cz', 1000)).toEqual({
      orders: 1000,
      employees: 1,
      staffCost: '33500.00',
      materialCost: '6500.00',
      rent: '12000.00',
      ownMonthlyCost: '52000.00',
      ownCostPerOrder: '52.00',
      offerPerOrder: '26.00',
      savingPerOrder: '26.00',
      savingPerMonth: '26000.00',
    })
  })

  it('1001 orders: the rent steps to 24000; 64006.50 / 1001 = 63.9426 → 63.94', () => {
    expect(calculateCosts('cz', 1001)).toMatchObject({
      employees: 1,
      materialCost: '6506.50',
      rent: '24000.00',
      ownMonthlyCost: '64006.50',
      ownCostPerOrder: '63.94',
      savingPerOrder: '37.94',
      savingPerMonth: '37980.50', // 64006.50 − 26 × 1001
    })
  })

  it('4000 orders: 2 employees 67000 + 26000 + 24000 = 117000, 29.25 an order', () => {
    expect(calculateCosts('cz', 4000)).toMatchObject({
      employees: 2,
      staffCost: '67000.00',
      materialCost: '26000.00',
      rent: '24000.00',
      ownMonthlyCost: '117000.00',
      ownCostPerOrder: '29.25',
      savingPerOrder: '3.25',
      savingPerMonth: '13000.00',
    })
  })

  it('4001 orders: the rent steps to 50000; 143006.50 / 4001 = 35.7427 → 35.74', () => {
    expect(calculateCosts('cz', 4001)).toMatchObject({
      employees: 2,
      materialCost: '26006.50',
      rent: '50000.00',
      ownMonthlyCost: '143006.50',
      ownCostPerOrder: '35.74',
      offerPerOrder: '26.00',
      savingPerOrder: '9.74',
      savingPerMonth: '38980.50', // 143006.50 − 104026
    })
  })

  it('takes another cost per employee', () => {
    expect(calculateCosts('cz', 1000, 40000)).toMatchObject({
      staffCost: '40000.00',
      ownCostPerOrder: '58.50',
    })
  })
})

describe('calculateCosts, Romanian variant (RON)', () => {
  it('1000 orders: 2000 + 1250 + 400 = 3650, 3.65 an order against 3.25', () => {
    expect(calculateCosts('ro', 1000)).toEqual({
      orders: 1000,
      employees: 1,
      staffCost: '2000.00',
      materialCost: '1250.00',
      rent: '400.00',
      ownMonthlyCost: '3650.00',
      ownCostPerOrder: '3.65',
      offerPerOrder: '3.25',
      savingPerOrder: '0.40',
      savingPerMonth: '400.00',
    })
  })

  it('1001 orders: rent 1200 and the offer 2.50; 4451.25 / 1001 = 4.4468 → 4.45', () => {
    expect(calculateCosts('ro', 1001)).toMatchObject({
      materialCost: '1251.25',
      rent: '1200.00',
      ownMonthlyCost: '4451.25',
      ownCostPerOrder: '4.45',
      offerPerOrder: '2.50',
      savingPerOrder: '1.95',
      savingPerMonth: '1948.75', // 4451.25 − 2.5 × 1001
    })
  })

  it('4000 orders: 4000 + 5000 + 1200 = 10200, 2.55 an order against 2.50', () => {
    expect(calculateCosts('ro', 4000)).toMatchObject({
      employees: 2,
      ownMonthlyCost: '10200.00',
      ownCostPerOrder: '2.55',
      offerPerOrder: '2.50',
      savingPerOrder: '0.05',
      savingPerMonth: '200.00',
    })
  })

  it('4001 orders: rent 3500 and the offer is individual (no comparison)', () => {
    expect(calculateCosts('ro', 4001)).toMatchObject({
      employees: 2,
      materialCost: '5001.25',
      rent: '3500.00',
      ownMonthlyCost: '12501.25',
      ownCostPerOrder: '3.12',
      offerPerOrder: null,
      savingPerOrder: null,
      savingPerMonth: null,
    })
  })
})

describe('employeesFor', () => {
  it('adds an employee past each 2850 orders', () => {
    expect([1, 2850, 2851, 5700, 5701].map(employeesFor)).toEqual([1, 1, 2, 2, 3])
  })

  it('refuses 0, fractions and negative orders', () => {
    expect(() => calculateCosts('cz', 0)).toThrow(RangeError)
    expect(() => calculateCosts('ro', 1.5)).toThrow(RangeError)
    expect(() => calculateCosts('ro', -3)).toThrow(RangeError)
  })
})
