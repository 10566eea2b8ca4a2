import type { Bill } from '@expedo/domain'
import { act } from '@testing-library/react'
import { sessionStore } from '@/lib/session'
import { sessionUser } from '../../../../test/app-harness'

export const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
export const billId = '0190a0a0-0000-7000-8000-0000000000b1'
export const itemId = '0190a0a0-0000-7000-8000-0000000000b2'

/** A locked, unpaid bill of October 2026 (two items); overrides make it unlocked, paid, overdue… */
export function bill(overrides: Partial<Bill> = {}): Bill {
  return {
    _id: billId,
    kind: 'bill',
    sequenceNumber: 'VFCZ2026000012',
    country: 'Czech',
    currency: 'CZK',
    period: { start: '2026-10-01', end: '2026-10-31' },
    isPaid: false,
    paidAt: null,
    locked: true,
    editable: false,
    status: 'notpaid-indue',
    dates: { issuedDate: '2026-11-02', dueDate: '2026-11-16', taxDate: '2026-10-31' },
    issueBy: '2026-11-15',
    totals: { NETTO_total: 792, VAT_total: 166.32, BRUTTO_total: 958.32 },
    creditNote: null,
    bill: null,
    exchange: null,
    legalMissing: [],
    items: [
      {
        _id: itemId,
        description: 'Fulfilment',
        serviceType: 'fulfilment',
        quantity: 10,
        netto_price: 25,
        VAT_procent: 21,
        netto_total: 250,
        VAT_amount: 52.5,
        brutto_total: 302.5,
        product: null,
      },
    ],
    businessclient: {
      _id: clientId,
      name: 'Zahradní ráj s.r.o.',
      address: { street: 'Údolní', streetNr: '53', postcode: '602 00', city: 'Brno', country: 'Czech' },
    },
    businessclientId: { coid: '27082440', taxid: 'CZ27082440', register: '' },
    issuer: {
      _id: '0190a0a0-0000-7000-8000-0000000000a1',
      name: 'Expedo Czech s.r.o.',
      address: { street: 'Skladová', streetNr: '12', postcode: '602 00', city: 'Brno', country: 'Czech' },
      bankaccounts: [],
    },
    issuerId: { coid: '01234567', taxid: 'CZ01234567' },
    vatTreatment: 'domestic',
    note: '',
    reason: '',
    createdAt: '2026-11-01T02:05:00.000Z',
    ...overrides,
  }
}

export const unlocked = (): Bill =>
  bill({
    sequenceNumber: null,
    locked: false,
    editable: true,
    status: 'pending',
    dates: { issuedDate: null, dueDate: null, taxDate: null },
  })

export const signedInAs = (role: 'client' | 'finance') =>
  act(() =>
    sessionStore.signIn(
      role === 'client' ? sessionUser('eshop1', ['client'], clientId) : sessionUser('money', ['finance']),
    ),
  )
