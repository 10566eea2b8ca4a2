import type { Invoice } from '@expedo/domain'
import { act } from '@testing-library/react'
import dayjs from 'dayjs'
import { sessionStore } from '@/lib/session'
import { sessionUser } from '../../../../test/app-harness'

export const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
export const invoiceId = '0190a0a0-0000-7000-8000-0000000000f1'
export const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
export const itemId = '0190a0a0-0000-7000-8000-0000000000e1'
export const monthStart = dayjs().startOf('month').format('YYYY-MM-DD')
export const today = dayjs().format('YYYY-MM-DD')

/** A row of the list answer. */
export const row = {
  _id: invoiceId,
  kind: 'invoice',
  sequenceNumber: 'FVCZ2026000007',
  country: 'Czech',
  currency: 'CZK',
  VAT_total: 69.68,
  NETTO_total: 331.82,
  BRUTTO_total: 401.5,
  actionSourceId: { _id: orderId, clientOrderNr: 'ZR-1001', internalNumericId: 5001 },
  creditNote: null,
  dates: { issuedDate: today, taxDate: today, dueDate: today },
  customer: { name: 'Jiří Dvořák' },
  businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
}

/** An issued invoice of eshop1 (one line, 2 pieces, 1 credited already); overrides make a draft or a credit note. */
export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...row,
    kind: 'invoice',
    variableSymbol: '2026000007',
    paymentType: 'COD',
    creditNotes: [],
    invoice: null,
    reason: '',
    businessclient: {
      _id: clientId,
      name: 'Zahradní ráj s.r.o.',
      vatPayer: true,
      address: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '53', postcode: '60200' },
      contacts: [],
      bankaccounts: [],
      companyids: [],
      vatRegistration: 'Czech',
    },
    customer: {
      firstName: 'Jiří',
      lastName: 'Dvořák',
      companyName: '',
      street: 'Údolní',
      streetNr: '53',
      postcode: '602 00',
      city: 'Brno',
      country: 'Czech',
      taxId: '',
      companyId: '',
      email: '',
      phone: '',
    },
    customer_internal: '',
    shipTo: {
      name: 'Jiří Dvořák',
      street: 'Údolní',
      streetNr: '53',
      postcode: '602 00',
      city: 'Brno',
      country: 'Czech',
    },
    exchange: null,
    series: null,
    items: [
      {
        _id: itemId,
        name: 'Konev 10 l',
        sku: 'ZR-1',
        quantity: 2,
        netto_price: 100,
        VAT_procent: 21,
        VAT_amount: 42,
        price: 121,
        netto_total: 200,
        brutto_total: 242,
        credited: 1,
        grossPriced: false,
      },
    ],
    vatRecap: [{ VAT_procent: 21, base: 200, VAT: 42, total: 242 }],
    legalMissing: [],
    issuedAt: `${today}T10:00:00.000Z`,
    createdAt: `${today}T10:00:00.000Z`,
    updatedAt: `${today}T10:00:00.000Z`,
    ...overrides,
  } as Invoice
}

export const signedIn = () => act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
