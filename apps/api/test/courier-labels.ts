import type { CreateLabelRequest } from '../src/platform/providers/couriers/courier-adapter.ts'

let counter = 0
/** A label request with sensible defaults; every call a new reference. */
export function labelRequest(overrides: Partial<CreateLabelRequest> = {}): CreateLabelRequest {
  counter += 1
  return {
    reference: `P-${Date.now().toString(36)}-${counter}`,
    orderNumber: `SO-${1000 + counter}`,
    sender: {
      name: 'Expedo Warehouse',
      company: 'Expedo s.r.o.',
      phone: '+359888000111',
      email: 'sklad@expedo.test',
      address: { country: 'BG', city: 'Sofia', postCode: '1000', street: 'Vitosha', houseNumber: '1' },
    },
    receiver: {
      name: 'Ivan Petrov',
      phone: '+359888123456',
      email: 'ivan@example.test',
      address: { country: 'BG', city: 'Ruse', postCode: '7000', street: 'Slavyanska', houseNumber: '16' },
    },
    declaredValue: { amount: '49.90', currency: 'EUR' },
    weightGrams: 1400,
    parcels: 1,
    ...overrides,
  }
}
