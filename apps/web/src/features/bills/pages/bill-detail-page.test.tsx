import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import { bill, billId, itemId, signedInAs, unlocked } from './bill-test-fixtures'

installFakeServer()

const services = {
  foundServices: [
    {
      _id: 'CZK',
      services: [{ service_details: { name: 'fulfilment' }, quantity: 10, total: 250 }],
      grandTotal: 250,
    },
  ],
  list: [],
  total: 10,
}

describe('bill detail', () => {
  it('shows a locked bill in full: parties, dates, items read-only, totals, services summary; PDF link', async () => {
    signedInAs('client')
    server.answers[`GET /api/bills/${billId}`] = { status: 200, body: bill() }
    server.answers[`GET /api/bills/${billId}/services?page=1&itemsPerPage=10`] = {
      status: 200,
      body: services,
    }
    renderAt(`/billing/bills/${billId}`)
    expect(await screen.findByText('Bill VFCZ2026000012')).toBeTruthy()
    expect(screen.getByText('Expedo Czech s.r.o.')).toBeTruthy()
    expect(screen.getByText('Company ID: 27082440')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/bill/${billId}`)
    expect(screen.queryByRole('spinbutton')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull()
    expect(await screen.findByText('Grand total')).toBeTruthy()
    expect(screen.getAllByText('958.32').length).toBeGreaterThan(0)
  })

  it('finance edits a cell of an unlocked bill and locks it after confirming', async () => {
    signedInAs('finance')
    server.answers[`GET /api/bills/${billId}`] = { status: 200, body: unlocked() }
    server.answers[`GET /api/bills/${billId}/services?page=1&itemsPerPage=10`] = {
      status: 200,
      body: services,
    }
    server.answers[`PUT /api/bills/${billId}/items/${itemId}`] = { status: 200, body: unlocked() }
    server.answers[`POST /api/bills/${billId}/lock`] = { status: 200, body: bill() }
    renderAt(`/billing/bills/${billId}`)
    expect(await screen.findByText('Bill – Pending for Approval')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'PDF' })).toBeNull()
    // October's bill was to be issued by 15 November 2026 (its Czech deadline).
    expect(screen.getByText(/issue by 15\.11\.2026/i)).toBeTruthy()
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity Fulfilment' })
    fireEvent.change(quantity, { target: { value: '12' } })
    fireEvent.blur(quantity)
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ quantity: 12 }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }))
    const popover = await screen.findByRole('tooltip')
    fireEvent.click(within(popover).getByRole('button', { name: /OK|Yes/i }))
    expect(await screen.findByText('Bill VFCZ2026000012')).toBeTruthy()
    expect(server.requests.some((r) => r.method === 'POST' && r.url === `/api/bills/${billId}/lock`)).toBe(
      true,
    )
  })

  it('an unlocked bill lacking what the law asks for says what, and Lock waits for it', async () => {
    signedInAs('finance')
    server.answers[`GET /api/bills/${billId}`] = {
      status: 200,
      body: { ...unlocked(), legalMissing: ['customer.address'] },
    }
    server.answers[`GET /api/bills/${billId}/services?page=1&itemsPerPage=10`] = {
      status: 200,
      body: services,
    }
    renderAt(`/billing/bills/${billId}`)
    expect(await screen.findByText('Bill – Pending for Approval')).toBeTruthy()
    expect(screen.getByText(/the customer’s address/)).toBeTruthy()
    expect(screen.getByText(/Complete it before locking/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Lock' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('finance credits a locked bill only with a reason, which the request carries', async () => {
    signedInAs('finance')
    const noteId = '0190a0a0-0000-7000-8000-0000000000c1'
    server.answers[`GET /api/bills/${billId}`] = { status: 200, body: bill() }
    server.answers[`GET /api/bills/${billId}/services?page=1&itemsPerPage=10`] = {
      status: 200,
      body: services,
    }
    server.answers[`POST /api/bills/${billId}/creditnote`] = {
      status: 201,
      body: bill({ _id: noteId, kind: 'billcreditnote', reason: 'Storage billed twice' }),
    }
    renderAt(`/billing/bills/${billId}`)
    expect(await screen.findByText('Bill VFCZ2026000012')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Credit note' }))
    const dialog = await screen.findByRole('dialog')
    const issue = within(dialog).getByRole('button', { name: 'Credit note' }) as HTMLButtonElement
    expect(issue.disabled).toBe(true)
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for the correction/ }), {
      target: { value: ' Storage billed twice ' },
    })
    expect(issue.disabled).toBe(false)
    fireEvent.click(issue)
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === `/api/bills/${billId}/creditnote`)?.body).toEqual({
        reason: 'Storage billed twice',
      }),
    )
  })

  it('says No Items Found for a bill without items', async () => {
    signedInAs('finance')
    server.answers[`GET /api/bills/${billId}`] = { status: 200, body: { ...unlocked(), items: [] } }
    server.answers[`GET /api/bills/${billId}/services?page=1&itemsPerPage=10`] = {
      status: 200,
      body: { foundServices: [], list: [], total: 0 },
    }
    renderAt(`/billing/bills/${billId}`)
    expect(await screen.findByText('No Items Found')).toBeTruthy()
  })
})
