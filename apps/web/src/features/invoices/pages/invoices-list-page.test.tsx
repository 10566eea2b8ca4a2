import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import { invoiceId, monthStart, orderId, row, signedIn, today } from './invoice-test-fixtures'

installFakeServer()

const listPath = (extra = '', size = 10, page = 1) =>
  `/api/invoices?dateFrom=${monthStart}&dateTo=${today}${extra}&itemsPerPage=${size}&currentPage=${page}`
const listUrl = (extra = '') => `GET ${listPath(extra)}`
const requested = () => server.requests.map((r) => r.url)

describe('invoices list', () => {
  it('lists the month’s invoices by default with links to the order, the PDF and the edit page', async () => {
    signedIn()
    server.answers[listUrl()] = {
      status: 200,
      body: { foundInvoices: [row], total: 1, message: '1 invoices found' },
    }
    renderAt('/invoices')
    const link = await screen.findByRole('link', { name: 'FVCZ2026000007' })
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
    expect(await screen.findByText('No invoices found')).toBeTruthy()
  })

  it('says "more than 10,000" when the server capped the count of a broad number search', async () => {
    signedIn()
    server.answers[listUrl('&sequenceNumber=FV')] = {
      status: 200,
      body: {
        foundInvoices: [row],
        total: 10_000,
        totalCapped: true,
        message: 'More than 10000 invoices found',
      },
    }
    renderAt('/invoices?number=FV')
    expect(await screen.findByText('1–10 of more than 10,000')).toBeTruthy()
  })

  it('shows an answer without foundInvoices as an error with its message (spec §8)', async () => {
    signedIn()
    server.answers[listUrl()] = {
      status: 200,
      body: { total: 0, message: 'The period may span at most one year' },
    }
    renderAt('/invoices')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The period may span at most one year')
    expect(screen.queryByText('No invoices found')).toBeNull()
  })

  it('shows a refused call in place of the list, with the fields it names', async () => {
    signedIn()
    server.answers[listUrl('&sequenceNumber=FV')] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Invalid query',
        details: { dateFrom: 'must not be after dateTo' },
      },
    }
    renderAt('/invoices?number=FV')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Invalid query: dateFrom must not be after dateTo')
    expect(screen.queryByText('No invoices found')).toBeNull()
  })

  it('shows the pager from 10 invoices and asks for the page chosen', async () => {
    signedIn()
    const rows = Array.from({ length: 10 }, (_, i) => ({
      ...row,
      _id: `0190a0a0-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
      sequenceNumber: `FVCZ20260000${10 + i}`,
    }))
    const body = { foundInvoices: rows, total: 23, message: '23 invoices found' }
    server.answers[listUrl()] = { status: 200, body }
    server.answers[`GET ${listPath('', 10, 2)}`] = { status: 200, body }
    renderAt('/invoices')
    await screen.findByRole('link', { name: 'FVCZ2026000010' })
    await act(async () => fireEvent.click(screen.getByTitle('2')))
    await waitFor(() => expect(requested()).toContain(listPath('', 10, 2)))
  })

  it('sends the page size chosen in the URL', async () => {
    signedIn()
    renderAt('/invoices?pageSize=20')
    await waitFor(() => expect(requested()).toContain(listPath('', 20)))
  })

  it('does not ask for a page size the list does not offer', async () => {
    signedIn()
    renderAt('/invoices?pageSize=100000')
    await waitFor(() => expect(requested()).toContain(listPath()))
  })
})
