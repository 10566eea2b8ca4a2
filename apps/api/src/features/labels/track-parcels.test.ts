import { describe, expect, it } from 'vitest'
import { trackingStep } from './track-parcels.ts'

describe('trackingStep', () => {
  it('ships a Packed order once the courier has the parcel, not before', () => {
    expect(trackingStep('Packed', 'labelCreated', false)).toBeUndefined()
    for (const state of ['inTransit', 'readyForPickup', 'delivered', 'returning', 'returned'] as const)
      expect(trackingStep('Packed', state, false)).toBe('Shipping')
  })

  it('delivers a Shipping order, a COD one to COD WAITING; a returned parcel is Not shipped', () => {
    expect(trackingStep('Shipping', 'delivered', false)).toBe('Delivered')
    expect(trackingStep('Shipping', 'delivered', true)).toBe('COD WAITING')
    expect(trackingStep('Shipping', 'returned', true)).toBe('Not shipped')
    expect(trackingStep('Shipping', 'inTransit', false)).toBeUndefined()
  })

  it('leaves COD WAITING to the COD transfer and other statuses alone', () => {
    expect(trackingStep('COD WAITING', 'delivered', true)).toBeUndefined()
    expect(trackingStep('Canceled', 'delivered', false)).toBeUndefined()
  })
})
