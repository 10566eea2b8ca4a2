import type { Invoice } from '@expedo/domain'
import { act, fireEvent, screen, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { liveBrutto } from '../components/add-item-form'

installFakeServer()
vi.setConfig({ testTimeout: 30_000 })

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const invoiceId = '0190a0a0-0000-7000-8000-0000000000f1'
const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
const itemId = '0190a0a0-0000-7000-8000-0000000000e1'
const monthStart = dayjs().startOf('month').format('YYYY-MM-DD')
const today = dayjs().format('YYYY-MM-DD')

const row = {
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

function invoice(overrides: Partial<Invoice> = {}): Invoice {
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

const signedIn = () => act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
const listUrl = (extra = '') =>
  `GET /api/invoices?dateFrom=${monthStart}&dateTo=${today}${extra}&itemsPerPage=10&currentPage=1`

describe('invoices list', () => {
  it('lists the month’s invoices by default with links to the order, the PDF and the edit page', async () => {
    signedIn()
    server.answers[listUrl()] = {
      status: 200,
      body: { foundInvoices: [row], total: 1, message: '1 invoices found' },
    }
    renderAt('/invoices')
    const link = await screen.findByRole('link', { name: 'FVCZ2026000007' }, { timeout: 20_000 })
    const tr = link.closest('tr') as HTMLElement
    expect(within(tr).getByRole('link', { name: 'ZR-1001' }).getAttribute('href')).toBe(`/orders/${orderId}`)
    expect(within(tr).getByRole('link', { name: 'PDF of FVCZ2026000007' }).getAttribute('href')).toBe(
      `/invoices/${invoiceId}/pdf`,
    )
    expect(tr.textContent).toContain('401.50')
    // One row of ten: no pager (spec §9: shown when the total is at least the page size).
    expect(screen.queryByRole('navigation', { name: /pag/i })).toBeNull()
  })

  it('sends the invoice number filter from the URL and shows the empty state', async () => {
    signedIn()
    server.answers[listUrl('&sequenceNumber=FV99')] = {
      status: 200,
      body: { foundInvoices: [], total: 0, message: 'No invoices found' },
    }
    renderAt('/invoices?number=FV99')
    expect(await screen.findByText('No invoices found', {}, { timeout: 20_000 })).toBeTruthy()
  })
})

describe('invoice edit page', () => {
  it('a draft offers its fields, the add-item form with its defaults and Issue', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null, items: [], legalMissing: ['supplier.taxId'] }),
    }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('PROFORMA', {}, { timeout: 20_000 })).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Add item' })
    expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1.000')
    expect((within(form).getByLabelText('Unit price without VAT') as HTMLInputElement).value).toBe('0.00')
    expect((within(form).getByLabelText('VAT %') as HTMLInputElement).value).toBe('0.00')
    expect(screen.getByRole('button', { name: 'Issue' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create credit note' })).toBeNull()
    expect((screen.getByLabelText('City') as HTMLInputElement).disabled).toBe(false)
    // The issuer country's legal content: what this document still lacks.
    expect(screen.getByText(/the supplier’s VAT id/)).toBeTruthy()
  })

  it('an issued invoice is read-only and offers a credit note of what is left on each line', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('FVCZ2026000007', {}, { timeout: 20_000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add item' })).toBeNull()
    expect((screen.getByLabelText('City') as HTMLInputElement).disabled).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create credit note' })))
    const dialog = await screen.findByRole('dialog')
    await act(async () => fireEvent.click(within(dialog).getByLabelText('Chosen lines and quantities')))
    // 2 invoiced, 1 credited already: 1 left.
    expect(within(dialog).getByText('Left to credit: 1')).toBeTruthy()
    expect(within(dialog).getByLabelText('Quantity Konev 10 l').getAttribute('aria-valuemax')).toBe('1')
  })
})

describe('the live brutto price of the add-item form', () => {
  it('is (1 + VAT/100) × netto to the cent, and nothing for a value the rules refuse', () => {
    expect(liveBrutto(9.99, 21)).toBe('12.09')
    expect(liveBrutto(0, 0)).toBe('0.00')
    expect(liveBrutto(0.05, 10)).toBe('0.06')
    expect(liveBrutto(1.001, 0)).toBeNull()
  })
})
