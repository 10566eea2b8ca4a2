import type { CodMismatch, Transfer, TransferDetail } from '@expedo/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const transferId = '0190a0a0-0000-7000-8000-0000000000d1'
const orderId = '0190a0a0-0000-7000-8000-0000000000e1'

const signedInAs = (role: 'client' | 'finance') =>
  act(() =>
    sessionStore.signIn(
      role === 'client' ? sessionUser('eshop1', ['client'], clientId) : sessionUser('money', ['finance']),
    ),
  )

function transfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    _id: transferId,
    tranfferNr: 'COD-000042',
    toBankAccount: { accountNr: '19-2000145399', bankCode: '0800', IBAN: '', SWIFT: '' },
    amount: 1540.5,
    codTotal: 1840.5,
    netting: {
      amount: 300,
      bills: [{ _id: '0190a0a0-0000-7000-8000-0000000000b1', sequenceNumber: 'VFCZ2026000012', amount: 300 }],
    },
    ordersCount: 1,
    currency: 'CZK',
    status: 'New',
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  }
}

const detail = (overrides: Partial<Transfer> = {}): TransferDetail => ({
  ...transfer(overrides),
  orders: {
    list: [
      {
        _id: orderId,
        clientOrderNr: 'ZR-10045',
        internalNumericId: 10045,
        status: 'Delivered',
        trackingId: '1051234567',
        customer: 'Jana Nováková',
        country: 'Czech',
        codAmount: 1840.5,
        collected: 1840.5,
        invoiced: 1840.5,
        invoiceDifference: 0,
      },
    ],
    total: 1,
  },
})

const requested = () => server.requests.map((r) => `${r.method} ${r.url}`)

describe('/transfers', () => {
  it('a client sees its transfers: number links to the detail, account, amount, status; no finance actions', async () => {
    signedInAs('client')
    server.answers['GET /api/transffers?currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: {
        list: [
          transfer(),
          transfer({
            _id: '0190a0a0-0000-7000-8000-0000000000d2',
            tranfferNr: 'COD-000041',
            status: 'Paid',
            toBankAccount: {
              accountNr: '',
              bankCode: '',
              IBAN: 'SK3112000000198742637541',
              SWIFT: 'SUBASKBX',
            },
          }),
        ],
        total: 2,
      },
    }
    renderAt('/transfers')
    const link = await screen.findByRole('link', { name: 'COD-000042' })
    expect(link.getAttribute('href')).toBe(`/transfers/${transferId}`)
    const row = link.closest('tr') as HTMLElement
    expect(row.textContent).toContain('19-2000145399/0800')
    expect(row.textContent).toContain('CZK')
    expect(within(row).getByText('New')).toBeTruthy()
    expect(screen.getByText('SK3112000000198742637541')).toBeTruthy()
    expect(screen.getByText('Paid')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'New transfer' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Payment file' })).toBeNull()
  })

  it('sends the status of the URL; an empty list says so', async () => {
    signedInAs('client')
    server.answers['GET /api/transffers?status=Sent&currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [], total: 0 },
    }
    renderAt('/transfers?status=Sent')
    expect(await screen.findByText('No transfers found')).toBeTruthy()
    expect(requested()).toContain('GET /api/transffers?status=Sent&currentPage=1&itemsPerPage=10')
  })

  it('finance sees the collected COD before creating a transfer, then opens it', async () => {
    signedInAs('finance')
    server.answers['GET /api/transffers?currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [], total: 0 },
    }
    server.answers['GET /api/businessclients'] = {
      status: 200,
      body: { list: [{ _id: clientId, name: 'Zahradní ráj s.r.o.' }], total: 1 },
    }
    server.answers[`GET /api/transffers/preview?businessclient=${clientId}&currency=CZK`] = {
      status: 200,
      body: { ordersCount: 3, amount: 1840.5, currency: 'CZK' },
    }
    server.answers['POST /api/transffers'] = { status: 201, body: transfer() }
    server.answers[`GET /api/transffers/${transferId}?currentPage=1&itemsPerPage=10`] = {
      status: 200,
      body: detail(),
    }
    renderAt('/transfers')
    fireEvent.click(await screen.findByRole('button', { name: 'New transfer' }))
    const dialog = await screen.findByRole('dialog')
    const create = within(dialog).getByRole('button', { name: 'Create transfer' })
    expect((create as HTMLButtonElement).disabled).toBe(true)
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Business client' }))
    fireEvent.click(await screen.findByTitle('Zahradní ráj s.r.o.'))
    expect(await within(dialog).findByText('1,840.50 CZK')).toBeTruthy()
    expect(within(dialog).getByText('3')).toBeTruthy()
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(create)
    expect(await screen.findByText('Transfer COD-000042')).toBeTruthy()
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      businessclient: clientId,
      currency: 'CZK',
      netBills: false,
    })
  })
})

describe('/transfers/:id', () => {
  it('shows the netting line and its orders (linked); finance marks it Sent after confirming', async () => {
    signedInAs('finance')
    server.answers[`GET /api/transffers/${transferId}?currentPage=1&itemsPerPage=10`] = {
      status: 200,
      body: detail(),
    }
    server.answers[`PUT /api/transffers/${transferId}`] = { status: 200, body: transfer({ status: 'Sent' }) }
    renderAt(`/transfers/${transferId}`)
    expect(await screen.findByText('Transfer COD-000042')).toBeTruthy()
    expect(screen.getByText(/VFCZ2026000012/)).toBeTruthy()
    expect(screen.getByText('1,540.50 CZK')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'ZR-10045' }).getAttribute('href')).toBe(`/orders/${orderId}`)
    fireEvent.click(screen.getByRole('button', { name: 'Mark Sent' }))
    const popover = await screen.findByRole('tooltip')
    fireEvent.click(within(popover).getByRole('button', { name: /OK|Yes/i }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'Sent' }),
    )
  })

  it('shows what each order was invoiced and marks a difference from the COD collected', async () => {
    signedInAs('finance')
    const base = detail().orders.list[0]!
    server.answers[`GET /api/transffers/${transferId}?currentPage=1&itemsPerPage=10`] = {
      status: 200,
      body: {
        ...detail(),
        orders: {
          list: [
            base,
            {
              ...base,
              _id: `${orderId.slice(0, -2)}e2`,
              clientOrderNr: 'ZR-10046',
              invoiced: 1800,
              invoiceDifference: 40.5,
            },
            {
              ...base,
              _id: `${orderId.slice(0, -2)}e3`,
              clientOrderNr: 'ZR-10047',
              invoiced: null,
              invoiceDifference: null,
            },
          ],
          total: 3,
        },
      },
    }
    renderAt(`/transfers/${transferId}`)
    expect(await screen.findByRole('columnheader', { name: 'Invoiced' })).toBeTruthy()
    expect(screen.getByText('1,800.00')).toBeTruthy()
    expect(screen.getByText('Differs from the invoice by 40.50')).toBeTruthy()
    expect(screen.getByText('Not invoiced')).toBeTruthy()
    // The order whose invoice equals its COD carries no marker.
    expect(screen.getAllByText(/Differs from the invoice/)).toHaveLength(1)
  })

  it('a client opening another client’s transfer sees not found', async () => {
    signedInAs('client')
    renderAt(`/transfers/${transferId}`)
    expect(await screen.findByText('Transfer not found')).toBeTruthy()
  })
})

describe('/transfers/reconciliation', () => {
  const mismatch: CodMismatch = {
    _id: '0190a0a0-0000-7000-8000-0000000000f1',
    kind: 'amount_differs',
    status: 'open',
    trackingId: '1051234567',
    currency: 'CZK',
    expected: 500,
    received: 450.5,
    order: { _id: orderId, clientOrderNr: 'ZR-10045', internalNumericId: 10045 },
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    payout: null,
    reason: '',
    resolvedBy: null,
    resolvedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    actions: [],
  }

  it('lists open mismatches; write off asks for a reason before it is sent', async () => {
    signedInAs('finance')
    server.answers['GET /api/cod/mismatches?status=open&currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [mismatch], total: 1 },
    }
    server.answers[`POST /api/cod/mismatches/${mismatch._id}/resolve`] = {
      status: 200,
      body: { ...mismatch, status: 'written_off', reason: 'Courier lost the cash' },
    }
    renderAt('/transfers/reconciliation')
    const row = (await screen.findByText('Amount differs')).closest('tr') as HTMLElement
    expect(row.textContent).toContain('500.00 CZK')
    expect(row.textContent).toContain('450.50 CZK')
    fireEvent.click(within(row).getByRole('button', { name: 'Resolve' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByLabelText('Write off'))
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Resolve' }).at(-1)!)
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy()
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Courier lost the cash' } })
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Resolve' }).at(-1)!)
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        action: 'write_off',
        reason: 'Courier lost the cash',
      }),
    )
  })

  it('a payout file refused for a limit shows the limit in the user’s words', async () => {
    signedInAs('finance')
    server.answers['GET /api/cod/mismatches?status=open&currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [], total: 0 },
    }
    // The harness's fake reads JSON bodies; the upload's multipart body is answered here.
    const fake = globalThis.fetch
    let uploaded: unknown
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (!(init?.body instanceof FormData)) return fake(url, init)
      uploaded = init.body.get('file')
      const refusal = {
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        error: 'Payload Too Large',
        message: 'file has more than 200,000 rows',
        details: { file: 'has more than 200,000 rows' },
        limit: { name: 'rows', max: 200_000 },
      }
      return new Response(JSON.stringify(refusal), { status: 413 })
    })
    renderAt('/transfers/reconciliation')
    await screen.findByText('Upload payout spreadsheet')
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const file = new File(['PK'], 'payouts.xlsx')
    fireEvent.change(input, { target: { files: [file] } })
    expect(await screen.findByText('The sheet has more than 200,000 rows.')).toBeTruthy()
    expect((uploaded as File).name).toBe('payouts.xlsx')
  })
})
