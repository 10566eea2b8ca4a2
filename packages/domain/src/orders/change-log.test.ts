import { describe, expect, it } from 'vitest'
import {
  type ChangeLogEntry,
  changeLogEntryOf,
  changeLogEventList,
  changeLogText,
  fieldChange,
} from './change-log.ts'

/** Each event with the English sentence the change log has always stored for it. */
const english: [ChangeLogEntry, string][] = [
  [{ event: 'created', params: { status: 'New' } }, 'Order created (New)'],
  [
    { event: 'created', params: { status: 'Draft', copyOf: 1042 } },
    'Order created (Draft) as a copy of order 1042',
  ],
  [
    { event: 'imported', params: { eshopUrl: 'https://shop.cz' } },
    'Order imported from https://shop.cz (New)',
  ],
  [{ event: 'statusChanged', params: { from: 'Shipping', to: 'Delivered' } }, 'Status: Shipping → Delivered'],
  [
    { event: 'statusChanged', params: { from: 'New', to: 'Order Ready for picking', stock: 'blocked' } },
    'Status: New → Order Ready for picking (stock blocked)',
  ],
  [
    {
      event: 'statusChanged',
      params: { from: 'No goods', to: 'Order Ready for picking', stock: 'blocked', reason: 'goodsReceived' },
    },
    'Status: No goods → Order Ready for picking (stock blocked: goods received)',
  ],
  [
    { event: 'statusChanged', params: { from: 'New', to: 'No goods', reason: 'warehouseChanged' } },
    'Status: New → No goods (warehouse changed)',
  ],
  [
    {
      event: 'statusChanged',
      params: { from: 'Order Ready for picking', to: 'Canceled', stock: 'released' },
    },
    'Status: Order Ready for picking → Canceled (blocked stock released)',
  ],
  [{ event: 'stockBlockedAgain', params: {} }, 'Stock blocked again'],
  [{ event: 'stockBlockedAgain', params: { reason: 'itemsChanged' } }, 'Stock blocked again: items changed'],
  [fieldChange('client.firstName', 'a', 'b'), 'Client first name: a → b'],
  [fieldChange('warehouse', 'A', 'B'), 'Warehouse: A → B'],
  [fieldChange('trackingId', '', 'T-1'), 'Tracking id: — → T-1'],
  [fieldChange('shippingCost', 0, 12.5), 'Shipping cost: 0.00 → 12.50'],
  [fieldChange('weight', null, 1200), 'Weight: — → 1200 g'],
  [fieldChange('codApply', false, true), 'COD: no → yes'],
  [fieldChange('paymentType', 'Paid Online', 'COD'), 'Payment type: Paid Online → COD'],
  [fieldChange('shipTo.country', 'Czech', 'Slovakia'), 'Country: Czech → Slovakia'],
  [
    { event: 'courierAssigned', params: { courier: 'X', country: 'CZ' } },
    'Courier: — → X (default courier of CZ, assigned automatically)',
  ],
  [
    { event: 'itemAdded', params: { sku: 'SKU-1', name: 'Mug', quantity: 2, price: 10 } },
    'Item added: SKU-1 Mug × 2 (10.00)',
  ],
  [
    { event: 'itemRemoved', params: { sku: 'SKU-1', name: 'Mug', quantity: 2, price: 10 } },
    'Item removed: SKU-1 Mug × 2 (10.00)',
  ],
  [{ event: 'itemsReplaced', params: {} }, 'Items replaced by the e-shop’s order'],
  [{ event: 'totalChanged', params: { from: 10, to: 12 } }, 'Total: 10.00 → 12.00'],
  [{ event: 'duplicated', params: { copy: 123 } }, 'Duplicated as order 123'],
  [
    { event: 'deletedInEshop', params: { status: 'Packed' } },
    'Deleted in the e-shop; an order in status Packed cannot be canceled',
  ],
  [{ event: 'productPaired', params: { sku: 'SKU-1', name: 'Mug' } }, 'Item SKU-1 paired with product Mug'],
  [{ event: 'waveReleased', params: { wave: 42, slot: 3 } }, 'Released in wave W-000042 (slot 3)'],
  [
    { event: 'picked', params: { sku: 'SKU-1', quantity: 2, location: 'A-01-01-1' } },
    'Picked 2 × SKU-1 at A-01-01-1',
  ],
  [
    { event: 'pickShort', params: { sku: 'SKU-1', quantity: 1, missing: 2, location: 'A-01-01-1' } },
    'Short pick at A-01-01-1: 2 × SKU-1 missing (1 taken)',
  ],
  [
    { event: 'pickReturned', params: { sku: 'SKU-1', quantity: 2, location: 'A-01-02-1' } },
    'Picked goods put back: 2 × SKU-1 to A-01-02-1',
  ],
  [{ event: 'packed', params: { weight: 1250, parcels: 2 } }, 'Packed: 1250 g, 2 parcel(s)'],
  [
    { event: 'labelCreated', params: { trackingId: '4100000001', courier: 'Packeta' } },
    'Label created at Packeta: 4100000001',
  ],
  [
    { event: 'labelFailed', params: { courier: 'GLS', message: 'DeliveryAddress cannot be routed.' } },
    'Label refused by GLS: DeliveryAddress cannot be routed.',
  ],
  [
    { event: 'tracking', params: { state: 'inTransit', courierText: 'The packet is on the way.' } },
    'Parcel: inTransit (The packet is on the way.)',
  ],
  [{ event: 'handoverScanned', params: { handover: 12 } }, "Scanned into the courier's van on H-000012"],
  [{ event: 'handedOver', params: { handover: 12, courier: 'ECONT' } }, 'Handed to ECONT on H-000012'],
]

describe('changeLogText', () => {
  it.each(english)('renders %j as the English the log always stored', (entry, text) => {
    expect(changeLogText(entry)).toBe(text)
  })

  it('has an English sentence for every event', () => {
    expect(new Set(english.map(([e]) => e.event))).toEqual(new Set(changeLogEventList))
  })
})

describe('changeLogEntryOf', () => {
  it('reads an API row with an event and its parameters', () => {
    expect(changeLogEntryOf({ event: 'duplicated', params: { copy: 5 } })).toEqual({
      event: 'duplicated',
      params: { copy: 5 },
    })
  })

  it('answers null for a legacy row and for an unknown event', () => {
    expect(changeLogEntryOf({ event: null, params: null })).toBeNull()
    expect(changeLogEntryOf({ event: 'somethingNew', params: {} })).toBeNull()
  })
})
