import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import { liveBrutto } from '../components/add-item-form'
import { invoice, invoiceId, itemId, signedIn } from './invoice-test-fixtures'

installFakeServer()

describe('invoice edit page', () => {
  it('a draft offers its fields, the add-item form with its defaults and Issue', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null, items: [], legalMissing: ['supplier.taxId'] }),
    }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('PROFORMA')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Add item' })
    expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1.000')
    expect((within(form).getByLabelText('Unit price without VAT') as HTMLInputElement).value).toBe('0.00')
    expect((within(form).getByLabelText('VAT %') as HTMLInputElement).value).toBe('0.00')
    expect(screen.queryByRole('button', { name: 'Create credit note' })).toBeNull()
    expect((screen.getByLabelText('City') as HTMLInputElement).disabled).toBe(false)
    // The issuer country's legal content: what this draft still lacks, and Issue waits for it.
    expect(screen.getByText(/the supplier’s VAT id/)).toBeTruthy()
    expect(screen.getByText(/Complete it before issuing/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Issue' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('a complete draft with items can be issued', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null }),
    }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('PROFORMA')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Issue' }) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByText(/Complete it before issuing/)).toBeNull()
  })

  it('sends Issue again with the same Idempotency-Key after a refused answer, so it cannot number twice', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null }),
    }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    // The answer is lost on the way (the invoice may have been numbered): the user tries again.
    server.answers[`POST /api/invoices/${invoiceId}/issue`] = {
      status: 503,
      body: { code: 'OVERLOADED', message: 'The server is busy; try again shortly' },
    }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('PROFORMA')).toBeTruthy()
    const issues = () => server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/issue'))
    for (const n of [1, 2]) {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Issue' })))
      const popover = await screen.findByRole('tooltip')
      await act(async () => fireEvent.click(within(popover).getByRole('button', { name: /OK|Yes/i })))
      await waitFor(() => expect(issues()).toHaveLength(n))
    }
    const [first, second] = issues().map((r) => r.idempotencyKey)
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(second).toBe(first)
  })

  it('an issued invoice is read-only and offers a credit note of what is left on each line', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    renderAt(`/invoices/${invoiceId}`)
    expect(await screen.findByText('FVCZ2026000007')).toBeTruthy()
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

describe('credit note page', () => {
  it('reads a credit note by GET /creditnotes/{id}', async () => {
    signedIn()
    server.answers[`GET /api/creditnotes/note-1`] = {
      status: 200,
      body: invoice({ _id: 'note-1', kind: 'creditnote', sequenceNumber: 'DCZ2026000001' }),
    }
    renderAt('/creditnote/note-1')
    expect(await screen.findByText('DCZ2026000001')).toBeTruthy()
    expect(server.requests.map((r) => r.url)).toContain('/api/creditnotes/note-1')
    expect(server.requests.some((r) => r.url.includes('/api/invoices/'))).toBe(false)
  })

  it('names the order of a document by its own number when it has no e-shop number', async () => {
    signedIn()
    server.answers[`GET /api/creditnotes/note-2`] = {
      status: 200,
      body: invoice({
        _id: 'note-2',
        kind: 'creditnote',
        sequenceNumber: 'DCZ2026000002',
        actionSourceId: { _id: 'order-2', clientOrderNr: '', internalNumericId: 5002 },
      }),
    }
    renderAt('/creditnote/note-2')
    expect((await screen.findByRole('link', { name: '5002' })).getAttribute('href')).toBe('/orders/order-2')
  })

  it('an invoice’s id under /creditnote is the not-found page, not the invoice', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    server.answers[`GET /api/creditnotes/${invoiceId}`] = {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' },
    }
    renderAt(`/creditnote/${invoiceId}`)
    expect(await screen.findByText('This invoice does not exist or is not yours')).toBeTruthy()
    expect(screen.queryByText('FVCZ2026000007')).toBeNull()
  })
})

describe('invoice edit page: what it sends', () => {
  const draft = () => invoice({ sequenceNumber: null, issuedAt: null, items: [] })

  it('adds an item with the brutto price shown live as the prices are typed', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: draft() }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    server.answers[`POST /api/invoices/${invoiceId}`] = { status: 200, body: draft() }
    renderAt(`/invoices/${invoiceId}`)
    const form = await screen.findByRole('form', { name: 'Add item' })
    const live = within(form).getByTestId('live-brutto')
    expect(live.textContent).toBe('0.00')
    fireEvent.change(within(form).getByLabelText('Item'), { target: { value: 'Dárkové balení' } })
    fireEvent.change(within(form).getByLabelText('Unit price without VAT'), { target: { value: '10' } })
    fireEvent.change(within(form).getByLabelText('VAT %'), { target: { value: '21' } })
    await waitFor(() => expect(live.textContent).toBe('12.10'))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add item' })))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Dárkové balení',
        sku: '',
        quantity: 1,
        netto_price: 10,
        VAT_procent: 21,
      }),
    )
  })

  it('sends an emptied customer field as an empty value (one field per call)', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: draft() }
    server.answers[`GET /api/settings/sequences`] = { status: 200, body: [] }
    renderAt(`/invoices/${invoiceId}`)
    const city = (await screen.findByLabelText('City')) as HTMLInputElement
    fireEvent.change(city, { target: { value: '' } })
    await act(async () => fireEvent.blur(city))
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
        `/api/invoices/${invoiceId}?city=`,
      ]),
    )
  })

  it('an issued invoice keeps its fields but its internal note changes', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    renderAt(`/invoices/${invoiceId}`)
    const note = (await screen.findByLabelText('Internal note')) as HTMLInputElement
    expect(note.disabled).toBe(false)
    expect((screen.getByLabelText('Variable symbol') as HTMLInputElement).disabled).toBe(true)
    fireEvent.change(note, { target: { value: 'Reklamace 12' } })
    await act(async () => fireEvent.blur(note))
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
        `/api/invoices/${invoiceId}?customer_internal=Reklamace+12`,
      ]),
    )
  })

  it('credits the chosen quantity of a line with the reason, then opens the credit note', async () => {
    signedIn()
    const noteId = '0190a0a0-0000-7000-8000-0000000000f2'
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    server.answers[`POST /api/invoices/${invoiceId}/creditnote`] = {
      status: 201,
      body: invoice({ _id: noteId, kind: 'creditnote', sequenceNumber: 'DCZ2026000001' }),
    }
    const router = renderAt(`/invoices/${invoiceId}`)
    const credit = await screen.findByRole('button', { name: 'Create credit note' })
    await act(async () => fireEvent.click(credit))
    const dialog = await screen.findByRole('dialog')
    await act(async () => fireEvent.click(within(dialog).getByLabelText('Chosen lines and quantities')))
    const ok = within(dialog).getByRole('button', { name: 'Create credit note' }) as HTMLButtonElement
    // Nothing chosen yet: nothing to credit.
    expect(ok.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Quantity Konev 10 l'), { target: { value: '1' } })
    // A line chosen but no reason: the law requires one, so nothing can be sent yet.
    expect(within(dialog).getByText(/Required: a corrective document states why/)).toBeTruthy()
    await waitFor(() => expect(ok.disabled).toBe(true))
    fireEvent.change(within(dialog).getByLabelText('Reason (printed)'), { target: { value: '   ' } })
    expect(ok.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Reason (printed)'), { target: { value: 'Vráceno' } })
    await waitFor(() => expect(ok.disabled).toBe(false))
    await act(async () => fireEvent.click(ok))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        reason: 'Vráceno',
        items: [{ itemId, quantity: 1 }],
      }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe(`/creditnote/${noteId}`))
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
