import type { Handover, HandoverDetail, HandoverParcel, HandoverReadyGroup } from '@expedo/domain'

/** Answers of the handovers API for the pages' tests; each test names what differs. */
export const ids = {
  warehouse: '0190a0a0-0000-7000-8000-0000000000f1',
  otherWarehouse: '0190a0a0-0000-7000-8000-0000000000f2',
  econt: '0190a0a0-0000-7000-8000-0000000000c1',
  packeta: '0190a0a0-0000-7000-8000-0000000000c2',
  handover: '0190a0a0-0000-7000-8000-0000000000a1',
  order1: '0190a0a0-0000-7000-8000-0000000000d1',
  order2: '0190a0a0-0000-7000-8000-0000000000d2',
}

export const readyGroup = (overrides: Partial<HandoverReadyGroup> = {}): HandoverReadyGroup => ({
  warehouse: { _id: ids.warehouse, name: 'Praha Hostivař' },
  courier: { _id: ids.econt, name: 'Econt' },
  orders: 3,
  parcels: 4,
  weightGrams: 1250,
  cod: [{ currency: 'BGN', amount: 1234.5 }],
  pickupApi: true,
  ...overrides,
})

export const handover = (overrides: Partial<Handover> = {}): Handover => ({
  _id: ids.handover,
  number: 12,
  warehouse: { _id: ids.warehouse, name: 'Praha Hostivař' },
  courier: { _id: ids.econt, name: 'Econt' },
  status: 'open',
  orders: 2,
  scanned: 0,
  parcels: 3,
  weightGrams: 2400,
  cod: [{ currency: 'BGN', amount: 80 }],
  pickup: { status: 'none', requestId: '', from: null, to: null, courierText: '', checkedAt: null },
  pickupApi: true,
  createdAt: '2026-11-30T08:00:00.000Z',
  createdBy: 'operator',
  handedOverAt: null,
  handedOverBy: null,
  driverName: '',
  ...overrides,
})

export const parcel = (n: 1 | 2, overrides: Partial<HandoverParcel> = {}): HandoverParcel => ({
  order: {
    _id: n === 1 ? ids.order1 : ids.order2,
    internalNumericId: 1000 + n,
    clientOrderNr: `ZR-100${n}`,
    status: 'Packed',
  },
  businessclient: { _id: '0190a0a0-0000-7000-8000-0000000000b1', name: 'Zahradní ráj s.r.o.' },
  receiver: n === 1 ? 'Ivan Petrov' : 'Maria Ivanova',
  city: n === 1 ? 'Sofia' : 'Plovdiv',
  trackingId: `105001000000${n}`,
  parcels: n,
  weightGrams: 1200,
  cod: n === 1 ? { currency: 'BGN', amount: 80 } : null,
  scannedAt: null,
  scannedBy: null,
  ...overrides,
})

export const detail = (h: Partial<Handover> = {}, parcels = [parcel(1), parcel(2)]): HandoverDetail => ({
  handover: handover(h),
  parcels,
})
