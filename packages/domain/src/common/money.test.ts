import { describe, expect, it } from 'vitest'
import {
  cents,
  convert,
  documentTotals,
  grossShare,
  lineAmounts,
  moneyText,
  nettoFromBrutto,
  toScaled,
} from './money.ts'

const text = (a: ReturnType<typeof lineAmounts>) => ({
  price: moneyText(a.price),
  nettoTotal: moneyText(a.nettoTotal),
  vatAmount: moneyText(a.vatAmount),
  bruttoTotal: moneyText(a.bruttoTotal),
})

describe('lineAmounts', () => {
  it('brutto price = (1 + VAT/100) × netto; totals from the quantity, rounded once per line', () => {
    expect(text(lineAmounts({ quantity: 3, nettoPrice: '100.00', vatPercent: 21 }))).toEqual({
      price: '121.00',
      nettoTotal: '300.00',
      vatAmount: '63.00',
      bruttoTotal: '363.00',
    })
  })

  it('rounds half away from zero at the cent, where binary floats go wrong', () => {
    // 1.005 × 1 in floats is 1.00499999…; 0.125 × 21% = 0.02625 VAT.
    expect(text(lineAmounts({ quantity: 1, nettoPrice: '0.05', vatPercent: 10 })).price).toBe('0.06') // 0.055
    expect(text(lineAmounts({ quantity: 1, nettoPrice: '0.10', vatPercent: 5 })).bruttoTotal).toBe('0.11') // 0.105
    expect(text(lineAmounts({ quantity: 3, nettoPrice: '0.35', vatPercent: 0 })).nettoTotal).toBe('1.05')
    expect(0.1 * 3).not.toBe(0.3) // the reason for all this
    expect(text(lineAmounts({ quantity: 3, nettoPrice: '0.10', vatPercent: 0 })).nettoTotal).toBe('0.30')
    // Negative lines (a credit note) round symmetrically.
    expect(text(lineAmounts({ quantity: -1, nettoPrice: '0.10', vatPercent: 5 })).bruttoTotal).toBe('-0.11')
  })

  it('rounds the line total from exact values, not from the rounded unit price', () => {
    // 9.99 × 1.21 = 12.0879 → price 12.09; 7 × 12.0879 = 84.6153 → 84.62 (7 × 12.09 would be 84.63).
    const a = text(lineAmounts({ quantity: 7, nettoPrice: '9.99', vatPercent: 21 }))
    expect(a).toEqual({ price: '12.09', nettoTotal: '69.93', vatAmount: '14.69', bruttoTotal: '84.62' })
  })

  it('takes fractional quantities (3 decimals) and rates (2 decimals), and refuses finer ones', () => {
    expect(text(lineAmounts({ quantity: '1.5', nettoPrice: '10', vatPercent: '5.5' })).bruttoTotal).toBe(
      '15.83',
    )
    expect(() => lineAmounts({ quantity: '1.0001', nettoPrice: 1, vatPercent: 0 })).toThrow(RangeError)
    expect(() => lineAmounts({ quantity: 1, nettoPrice: '1.001', vatPercent: 0 })).toThrow(RangeError)
    expect(() => cents('1e3')).toThrow(RangeError)
  })

  it('VAT + netto = brutto on every line, over a sweep of quantities, prices and rates', () => {
    let checked = 0
    for (let q = -7; q <= 13; q += 4)
      for (let n = 1n; n < 10_000_000n; n = n * 7n + 3n)
        for (let r = 0; r <= 2700; r += 137) {
          const a = lineAmounts({ quantity: q, nettoPrice: moneyText(n), vatPercent: r / 100 })
          expect(a.nettoTotal + a.vatAmount).toBe(a.bruttoTotal)
          checked++
        }
    expect(checked).toBeGreaterThan(1000)
  })
})

describe('documentTotals', () => {
  it('sums the rounded lines and recapitulates VAT per rate, highest rate first', () => {
    const t = documentTotals([
      { quantity: 1, nettoPrice: '10.01', vatPercent: 12 },
      { quantity: 2, nettoPrice: '99.99', vatPercent: 21 },
      { quantity: 1, nettoPrice: '5.00', vatPercent: 12 },
      { quantity: 1, nettoPrice: '49.00', vatPercent: 0 },
    ])
    expect([t.netto, t.vat, t.brutto].map(moneyText)).toEqual(['263.99', '43.80', '307.79'])
    expect(
      t.recap.map((r) => [r.vatPercent, moneyText(r.base), moneyText(r.vat), moneyText(r.total)]),
    ).toEqual([
      ['21.00', '199.98', '42.00', '241.98'],
      ['12.00', '15.01', '1.80', '16.81'],
      ['0.00', '49.00', '0.00', '49.00'],
    ])
  })
})

describe('conversions', () => {
  it('finds the netto price of a brutto price and converts at a rate', () => {
    expect(moneyText(nettoFromBrutto('121.00', 21))).toBe('100.00')
    expect(moneyText(nettoFromBrutto('99.90', 21))).toBe('82.56')
    expect(moneyText(convert(cents('63.00'), '25.125'))).toBe('1582.88') // 1582.875
    expect(toScaled('-0.50', 2)).toBe(-50n)
  })
})

describe('gross-priced lines (VAT from above, ZDPH § 37(2))', () => {
  it('keeps the gross total: 100.00 at 21 % is VAT 17.36, base 82.64, total 100.00 (not 99.99)', () => {
    expect(
      text(lineAmounts({ quantity: 1, nettoPrice: '82.64', vatPercent: 21, grossTotal: '100.00' })),
    ).toEqual({
      price: '100.00',
      nettoTotal: '82.64',
      vatAmount: '17.36',
      bruttoTotal: '100.00',
    })
    // The net method on the same unit price loses a cent.
    expect(text(lineAmounts({ quantity: 1, nettoPrice: '82.64', vatPercent: 21 })).bruttoTotal).toBe('99.99')
  })

  it('shares the line total over the quantity for the printed unit price; a credit negates it exactly', () => {
    const line = { quantity: 3, nettoPrice: '27.55', vatPercent: 21, grossTotal: '100.00' }
    expect(text(lineAmounts(line))).toEqual({
      price: '33.33',
      nettoTotal: '82.64',
      vatAmount: '17.36',
      bruttoTotal: '100.00',
    })
    expect(text(lineAmounts({ ...line, quantity: -3, grossTotal: '-100.00' }))).toEqual({
      price: '33.33',
      nettoTotal: '-82.64',
      vatAmount: '-17.36',
      bruttoTotal: '-100.00',
    })
  })

  it('over random prices, rates and quantities: document total = sum of gross prices, recap = lines', () => {
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % n
    }
    const rates = ['0', '5', '9', '10', '11', '12', '19', '20', '21', '23', '27', '5.5']
    for (let doc = 0; doc < 400; doc++) {
      const lines = Array.from({ length: 1 + next(6) }, () => {
        const gross = BigInt(next(5_000_000))
        return {
          quantity: 1 + next(12),
          nettoPrice: '0',
          vatPercent: rates[next(rates.length)]!,
          grossTotal: moneyText(gross),
        }
      })
      const t = documentTotals(lines)
      const paid = lines.reduce((s, l) => s + cents(l.grossTotal), 0n)
      expect(t.brutto).toBe(paid)
      expect(t.netto + t.vat).toBe(t.brutto)
      for (const l of lines) {
        const a = lineAmounts(l)
        const r = toScaled(l.vatPercent, 2)
        // VAT = gross × rate / (100 + rate), within half a cent of the exact value.
        const exact = (cents(l.grossTotal) * r * 2n) / (10_000n + r) // doubled, truncated
        expect(a.vatAmount * 2n - exact).toBeGreaterThanOrEqual(-1n)
        expect(a.vatAmount * 2n - exact).toBeLessThanOrEqual(2n)
        expect(a.nettoTotal + a.vatAmount).toBe(cents(l.grossTotal))
      }
      expect(t.recap.reduce((s, r) => s + r.total, 0n)).toBe(t.brutto)
      expect(t.recap.reduce((s, r) => s + r.vat, 0n)).toBe(t.vat)
      expect(t.recap.every((r) => r.base + r.vat === r.total)).toBe(true)
    }
  })

  it('grossShare: parts of a line credited one after another add up to its total', () => {
    const total = cents('100.00')
    const parts = [1000n, 1000n, 1000n] // three times 1 of 3
    let before = 0n
    const shares = parts.map((p) => {
      const s = grossShare(total, 3000n, before, p)
      before += p
      return moneyText(s)
    })
    expect(shares).toEqual(['33.33', '33.34', '33.33'])
    expect(moneyText(grossShare(total, 3000n, 0n, 3000n))).toBe('100.00')
  })
})
