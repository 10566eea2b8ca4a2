import { describe, expect, it } from 'vitest'
import {
  cardInForce,
  type RateCardPrices,
  receivingService,
  refundHandlingService,
  serviceAmount,
  shippedOrderServices,
  storageService,
  validitiesOverlap,
} from './pricing.ts'

const card: RateCardPrices = {
  currency: 'CZK',
  fulfilmentOrder: '26.00',
  fulfilmentExtraItem: '3.50',
  receivingUnit: '0.85',
  storagePositionDay: '0.333',
  codFee: '12.00',
  refundHandling: '40.00',
  packaging: '6.50',
}
const quotation = {
  currency: 'CZK',
  transport: '100.00',
  fuelChargePercent: '18.5',
  tollRate: '2.40',
  codCash: '15.00',
  codCardPercent: '1.2',
}
const summary = (
  s: { serviceType: string; key: string; quantity: string; amount: string; currency: string }[],
) => s.map((x) => `${x.key}:${x.serviceType} ${x.quantity}×=${x.amount} ${x.currency}`)

describe('serviceAmount', () => {
  it('multiplies exactly and rounds once, half away from zero, to the cent', () => {
    expect(serviceAmount('3', '0.1')).toBe('0.30')
    expect(serviceAmount('0.5', '0.01')).toBe('0.01') // 0.005 → 0.01
    expect(serviceAmount('0.499', '0.01')).toBe('0.00')
    expect(serviceAmount(1_000_000, '99999999.99')).toBe('99999999990000.00')
  })
})

describe('shippedOrderServices', () => {
  it('prices a one-item cash order: fulfilment, packaging, transport (fuel and toll), no extra item', () => {
    const s = shippedOrderServices({ card, units: 1, quotation, cod: null })
    expect(summary(s)).toEqual([
      'fulfilment:fulfilment 1.000×=26.00 CZK',
      'packaging:packaging 1.000×=6.50 CZK',
      'transport:transport 1.000×=120.90 CZK',
    ])
    expect(s.find((x) => x.key === 'transport')).toMatchObject({ category: 'courier', source: 'quotation' })
  })

  it('charges the items beyond the first and both COD parts (provider fee + courier cash fee)', () => {
    const s = shippedOrderServices({ card, units: 4, quotation, cod: { amount: '700.00', byCard: false } })
    expect(summary(s)).toEqual([
      'fulfilment:fulfilment 1.000×=26.00 CZK',
      'extra_item:extra_item 3.000×=10.50 CZK',
      'packaging:packaging 1.000×=6.50 CZK',
      'cod:cod 1.000×=12.00 CZK',
      'transport:transport 1.000×=120.90 CZK',
      'cod_courier:cod 1.000×=15.00 CZK',
    ])
  })

  it('takes the card percentage of the COD amount, rounded half up', () => {
    // 1.2 % of 1234.56 = 14.81472 → 14.81
    const s = shippedOrderServices({ card, units: 1, quotation, cod: { amount: '1234.56', byCard: true } })
    expect(s.find((x) => x.key === 'cod_courier')?.amount).toBe('14.81')
  })

  it('records no transport without a quotation, and nothing priced at 0', () => {
    const free = { ...card, packaging: '0', codFee: 0 }
    const s = shippedOrderServices({
      card: free,
      units: 2,
      quotation: null,
      cod: { amount: 10, byCard: false },
    })
    expect(summary(s)).toEqual([
      'fulfilment:fulfilment 1.000×=26.00 CZK',
      'extra_item:extra_item 1.000×=3.50 CZK',
    ])
  })

  it('records only the courier charges without a rate card, in the quotation currency', () => {
    const eur = { ...quotation, currency: 'EUR', transport: '4.10', fuelChargePercent: 0, tollRate: 0 }
    const s = shippedOrderServices({
      card: null,
      units: 3,
      quotation: eur,
      cod: { amount: 50, byCard: false },
    })
    expect(summary(s)).toEqual(['transport:transport 1.000×=4.10 EUR', 'cod_courier:cod 1.000×=15.00 EUR'])
  })
})

describe('receiving, storage and refund handling', () => {
  it('charges receiving per unit and nothing for 0 units', () => {
    expect(receivingService(card, 7)?.amount).toBe('5.95')
    expect(receivingService(card, 0)).toBeNull()
  })
  it('prices one position-day and refuses a price finer than a cent', () => {
    expect(() => storageService(card)).toThrow(/more than 2 decimals/)
    expect(storageService({ ...card, storagePositionDay: '0.35' })).toMatchObject({
      serviceType: 'storage',
      category: 'storage',
      amount: '0.35',
    })
  })
  it('charges refund handling once', () => {
    expect(refundHandlingService(card)).toMatchObject({
      quantity: '1.000',
      amount: '40.00',
      category: 'warehouse',
    })
    expect(refundHandlingService({ ...card, refundHandling: '0.00' })).toBeNull()
  })
})

describe('rate card validity', () => {
  const cards = [
    { id: 'cz-2025', businessclientId: null, validFrom: '2025-01-01', validTo: '2025-12-31' },
    { id: 'cz-2026', businessclientId: null, validFrom: '2026-01-01', validTo: null },
    { id: 'acme', businessclientId: 'acme', validFrom: '2026-03-01', validTo: '2026-03-31' },
  ]
  it('takes the client card on its first and last day, the default card the day before and after', () => {
    expect(cardInForce(cards, 'acme', '2026-02-28')?.id).toBe('cz-2026')
    expect(cardInForce(cards, 'acme', '2026-03-01')?.id).toBe('acme')
    expect(cardInForce(cards, 'acme', '2026-03-31')?.id).toBe('acme')
    expect(cardInForce(cards, 'acme', '2026-04-01')?.id).toBe('cz-2026')
    expect(cardInForce(cards, 'other', '2026-03-15')?.id).toBe('cz-2026')
    expect(cardInForce(cards, 'acme', '2025-12-31')?.id).toBe('cz-2025')
    expect(cardInForce(cards, 'acme', '2024-12-31')).toBeUndefined()
  })
  it('sees overlap when two validities share a day, open ends included', () => {
    expect(
      validitiesOverlap(
        { validFrom: '2026-01-01', validTo: '2026-01-31' },
        { validFrom: '2026-01-31', validTo: null },
      ),
    ).toBe(true)
    expect(
      validitiesOverlap(
        { validFrom: '2026-01-01', validTo: '2026-01-30' },
        { validFrom: '2026-01-31', validTo: null },
      ),
    ).toBe(false)
    expect(
      validitiesOverlap(
        { validFrom: '2026-05-01', validTo: null },
        { validFrom: '2026-01-01', validTo: null },
      ),
    ).toBe(true)
  })
})
