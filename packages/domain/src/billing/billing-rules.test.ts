import { describe, expect, it } from 'vitest'
import { billItemService, courierCodFee, parcelPrice } from './billing-rules.ts'

describe('parcelPrice', () => {
  it('adds the fuel surcharge on the transport price and the toll', () => {
    expect(parcelPrice({ transport: '100.00', fuelChargePercent: '18.5', tollRate: '2.40' })).toBe('120.90')
    expect(parcelPrice({ transport: 3.6, fuelChargePercent: 0, tollRate: 0 })).toBe('3.60')
  })
  it('rounds the surcharge half up to cents', () => {
    // 0.10 × 5 % = 0.005 → 0.01
    expect(parcelPrice({ transport: '0.10', fuelChargePercent: '5', tollRate: '0' })).toBe('0.11')
    // 0.10 × 4.99 % = 0.00499 → 0.00
    expect(parcelPrice({ transport: '0.10', fuelChargePercent: '4.99', tollRate: '0' })).toBe('0.10')
  })
})

describe('courierCodFee', () => {
  const q = { codCash: '1.00', codCardPercent: '1.2' }
  it('is the fixed cash fee for cash on delivery', () => {
    expect(courierCodFee(q, '700.00', false)).toBe('1.00')
  })
  it('is the card percentage of the COD amount for card payment', () => {
    expect(courierCodFee(q, '700.00', true)).toBe('8.40')
    expect(courierCodFee(q, '0.42', true)).toBe('0.01')
  })
})

describe('billItemService', () => {
  it('reads the service of an item a bill run named, with the unit price it added', () => {
    expect(billItemService({ description: 'Receiving', serviceType: 'receiving' })).toEqual({
      serviceType: 'receiving',
      unitPrice: null,
    })
    expect(billItemService({ description: 'Storage (12.5)', serviceType: 'storage' })).toEqual({
      serviceType: 'storage',
      unitPrice: '12.5',
    })
  })

  it('answers null for an item added by hand or a description finance rewrote', () => {
    expect(billItemService({ description: 'Discount', serviceType: null })).toBeNull()
    expect(billItemService({ description: 'Storage, hall B', serviceType: 'storage' })).toBeNull()
    expect(billItemService({ description: 'Receiving', serviceType: 'no_such_service' })).toBeNull()
  })
})
