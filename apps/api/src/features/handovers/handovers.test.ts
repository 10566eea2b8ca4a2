import { describe, expect, it } from 'vitest'
import { missingSenderFields, type WarehouseRow } from '../warehouses/index.ts'
import { foldTotals } from './handovers.service.ts'
import { pickupRequestOf } from './pickup-request.ts'

const warehouse = {
  id: '01900000-0000-7000-8000-000000000001',
  name: 'Sofia Kazichene',
  country: 'Bulgaria',
  city: 'Sofia',
  contactName: 'Petra',
  phone: '+359888000111',
  email: '',
  street: 'Vitosha',
  houseNumber: '1',
  postCode: '1000',
} as WarehouseRow

describe('handover totals', () => {
  it('sums per-country rows into one, COD per the ship-to country’s currency', () => {
    const row = (country: string, cod: string) => ({
      country,
      orders: 2,
      scanned: 1,
      parcels: 3,
      weightGrams: 1500,
      cod,
    })
    expect(
      foldTotals([row('Czech', '100.50'), row('Slovakia', '0'), row('Romania', '20'), row('Czech', '0.25')]),
    ).toEqual({
      orders: 8,
      scanned: 4,
      parcels: 12,
      weightGrams: 6000,
      cod: [
        { currency: 'CZK', amount: 100.75 },
        { currency: 'RON', amount: 20 },
      ],
    })
    expect(foldTotals([])).toEqual({ orders: 0, scanned: 0, parcels: 0, weightGrams: 0, cod: [] })
  })
})

describe('a pickup from the warehouse', () => {
  it('needs a street, post code, city and phone', () => {
    expect(missingSenderFields(warehouse)).toEqual([])
    expect(missingSenderFields({ ...warehouse, street: ' ', phone: '' })).toEqual(['street', 'phone'])
  })

  it('asks for the parcels’ AWBs, boxes and weight from the warehouse’s address and contact', () => {
    const from = new Date('2026-12-01T09:00:00Z')
    const to = new Date('2026-12-01T12:00:00Z')
    const parcels = [
      { trackingId: '1050010000001', parcels: 2, weightGrams: 1200 },
      { trackingId: '1050010000002', parcels: 1, weightGrams: 800 },
    ]
    expect(pickupRequestOf(warehouse, parcels, from, to)).toEqual({
      sender: {
        name: 'Petra',
        company: 'Sofia Kazichene',
        phone: '+359888000111',
        email: undefined,
        address: { country: 'BG', city: 'Sofia', postCode: '1000', street: 'Vitosha', houseNumber: '1' },
      },
      from,
      to,
      trackingIds: ['1050010000001', '1050010000002'],
      parcels: 3,
      weightGrams: 2000,
    })
  })
})
