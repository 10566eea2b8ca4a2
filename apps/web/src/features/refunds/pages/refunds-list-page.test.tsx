import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers/app-providers'
import { notificationsStore } from '@/lib/notifications'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { ParcelRefundButton, RefundButton } from '../components/refund-button'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
const parcelId = '0190a0a0-0000-7000-8000-0000000000e1'
const LIST = 'GET /api/refunds?sortColumn=createdAt&sortType=desc&currentPage=1&limit=10'

let n = 0
function aRefund(over: Record<string, unknown> = {}) {
  n += 1
  const id = `0190a0a0-0000-7000-8000-0000000f${String(n).padStart(4, '0')}`
  return {
    _id: id,
    refundid: `R-00000${n}`,
    order: { _id: orderId, clientOrderNr: 'ZR-1001' },
    inboundparcel: null,
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    status: 'New',
    error_msgs: [],
    name: 'Jana Nováková',
    phone: '+421 900 123 456',
    country: 'Slovakia',
    city: 'Bratislava',
    street: 'Hlavná 1',
    amount: 12.5,
    currency: 'EUR',
    IBAN: 'SK3112000000198742637541',
    account_nr: '',
    account_code: '',
    editable: true,
    sentAt: null,
    refundedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  }
}
const signedInAs = (roles: Parameters<typeof sessionUser>[1], businessclient: string | null = clientId) =>
  act(() => sessionStore.signIn(sessionUser('user1', roles, businessclient)))
const rowOf = (text: string) =>
  screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement

describe('refunds list', () => {
  it('shows the refunds newest first with order and parcel links, and edit/delete only while allowed', async () => {
    signedInAs(['client'])
    const open = aRefund()
    const done = aRefund({ status: 'Refunded', editable: false, inboundparcel: { _id: parcelId } })
    const failed = aRefund({ status: 'error', error_msgs: ['AC04 closed account'] })
    server.answers[LIST] = { status: 200, body: { list: [open, done, failed], total: 3 } }
    renderAt('/refunds')
    const table = await screen.findByRole('region', { name: 'Refunds' })
    await within(table).findByText(open.refundid)
    expect(within(rowOf(open.refundid)).getByRole('link', { name: 'ZR-1001' }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    )
    expect(within(rowOf(open.refundid)).getByRole('button', { name: 'Edit' })).toBeTruthy()
    expect(within(rowOf(done.refundid)).queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(within(rowOf(done.refundid)).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(rowOf(done.refundid).textContent).toContain('Refunded')
    // The returned parcel, the address and the bank's messages are in the row's details (issue 27).
    expect(screen.queryByRole('link', { name: 'Returned parcel' })).toBeNull()
    fireEvent.click(within(rowOf(done.refundid)).getByRole('button', { name: 'Expand row' }))
    expect((await screen.findByRole('link', { name: 'Returned parcel' })).getAttribute('href')).toBe(
      `/parcels/inbound/${parcelId}`,
    )
    fireEvent.click(within(rowOf(failed.refundid)).getByRole('button', { name: 'Expand row' }))
    expect(await screen.findByText('AC04 closed account')).toBeTruthy()
    // Clients request and decide; sending a payment file is finance's.
    expect(screen.queryByRole('button', { name: /Send payment file/ })).toBeNull()
  })

  it('keeps the filters and the sort in the URL', async () => {
    signedInAs(['client'])
    server.answers[LIST] = { status: 200, body: { list: [aRefund()], total: 1 } }
    const url =
      'GET /api/refunds?searchTerm=ZR-1&status=Approved&sortColumn=amount&sortType=asc&currentPage=1&limit=20'
    server.answers[url] = { status: 200, body: { list: [aRefund({ refundid: 'R-FILTERED' })], total: 1 } }
    const router = renderAt('/refunds?q=ZR-1&status=Approved&sort=amount&order=ascend&pageSize=20')
    await screen.findByText('R-FILTERED', undefined)
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toContain(url)
    expect(router.state.location.search).toContain('q=ZR-1')
  })

  it('approves the selected refunds in bulk and says which were refused', async () => {
    signedInAs(['client'])
    const a = aRefund()
    const b = aRefund({ status: 'Rejected' })
    server.answers[LIST] = { status: 200, body: { list: [a, b], total: 2 } }
    server.answers['PUT /api/refunds'] = {
      status: 200,
      body: {
        updated: [{ _id: a._id, refundid: a.refundid }],
        refused: [{ _id: b._id, refundid: b.refundid, status: 'Rejected', reason: 'x' }],
      },
    }
    renderAt('/refunds')
    await screen.findByText(a.refundid, undefined)
    for (const id of [a.refundid, b.refundid]) fireEvent.click(within(rowOf(id)).getByRole('checkbox'))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approved' })))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        refunds: [a._id, b._id],
        status: 'Approved',
      }),
    )
    expect(await screen.findByText('1 refunds set Approved')).toBeTruthy()
    expect(
      screen.getByText(
        `1 refunds were not changed: ${b.refundid} (it is Rejected: only a New or duplicate refund can be decided)`,
      ),
    ).toBeTruthy()
  })

  it('edits a refund once it has loaded and deletes one after confirmation', async () => {
    signedInAs(['client'])
    const r = aRefund()
    server.answers[LIST] = { status: 200, body: { list: [r], total: 1 } }
    renderAt('/refunds')
    await screen.findByText(r.refundid, undefined)
    server.answers[`GET /api/refunds/${r._id}`] = { status: 200, body: r }
    server.answers[`PUT /api/refunds/${r._id}`] = { status: 200, body: { ...r, name: 'Jana Malá' } }
    // The refund's answer waits until released: meanwhile name, country, city and street are disabled.
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const fake = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === `/api/refunds/${r._id}` && (init?.method ?? 'GET') === 'GET') await gate
        return fake(url, init)
      }),
    )
    fireEvent.click(within(rowOf(r.refundid)).getByRole('button', { name: 'Edit' }))
    const loaded = await screen.findByRole('dialog')
    for (const label of ['Name', 'City', 'Street'])
      expect((within(loaded).getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true)
    await act(async () => release())
    await waitFor(() =>
      expect((within(loaded).getByLabelText('Name') as HTMLInputElement).value).toBe(r.name),
    )
    expect((within(loaded).getByLabelText('Name') as HTMLInputElement).disabled).toBe(false)
    // The refund's returned parcel: none for this one (spec §8's message).
    expect(within(loaded).getByText('No received parcel related to this order.')).toBeTruthy()
    fireEvent.change(within(loaded).getByLabelText('Name'), { target: { value: 'Jana Malá' } })
    await act(async () => fireEvent.click(within(loaded).getByRole('button', { name: 'Save' })))
    await waitFor(() =>
      expect(notificationsStore.get().map((m) => m.message)).toContain('Refund was updated'),
    )
    expect(server.requests.find((q) => q.method === 'PUT')?.body).toMatchObject({
      name: 'Jana Malá',
      currency: 'EUR',
      IBAN: r.IBAN,
      account_nr: '',
    })

    server.answers[`DELETE /api/refunds/${r._id}`] = { status: 200, body: r }
    fireEvent.click(within(rowOf(r.refundid)).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('tooltip')
    expect(within(confirm).getByText(`Delete refund ${r.refundid}?`)).toBeTruthy()
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' })))
    await waitFor(() => expect(notificationsStore.get().map((m) => m.message)).toContain('Refund deleted.'))
    expect(server.requests.some((q) => q.method === 'DELETE')).toBe(true)
  })

  it('lets finance send the selected Approved refunds in a payment file and mark one Refunded', async () => {
    signedInAs(['finance'], null)
    const approved = aRefund({ status: 'Approved' })
    const fresh = aRefund()
    const sent = aRefund({ status: 'Pending Bank Confirmation', editable: false })
    server.answers[LIST] = { status: 200, body: { list: [approved, fresh, sent], total: 3 } }
    server.answers['POST /api/refunds/payment-file'] = { status: 200, body: '<Document/>' }
    server.answers[`PUT /api/refunds/${sent._id}/result`] = {
      status: 200,
      body: { ...sent, status: 'Refunded' },
    }
    URL.createObjectURL = vi.fn(() => 'blob:payment-file')
    URL.revokeObjectURL = vi.fn()
    renderAt('/refunds')
    await screen.findByText(approved.refundid, undefined)
    // Finance neither edits nor decides.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Approved' })).toBeNull()
    const send = screen.getByRole('button', { name: 'Send payment file (0)' })
    expect((send as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(rowOf(approved.refundid)).getByRole('checkbox'))
    fireEvent.click(within(rowOf(fresh.refundid)).getByRole('checkbox'))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send payment file (1)' })))
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/refunds/payment-file')?.body).toEqual({
        refunds: [approved._id],
      }),
    )
    expect(await screen.findByText(/Payment file with 1 refunds downloaded/)).toBeTruthy()

    fireEvent.click(within(rowOf(sent.refundid)).getByRole('button', { name: 'Refunded' }))
    const confirm = await screen.findByRole('tooltip')
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' })))
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === `/api/refunds/${sent._id}/result`)?.body).toEqual({
        status: 'Refunded',
      }),
    )
  })

  it('shows the empty state', async () => {
    signedInAs(['client'])
    server.answers[LIST] = { status: 200, body: { list: [], total: 0 } }
    renderAt('/refunds')
    expect(await screen.findByText('No refunds found', undefined)).toBeTruthy()
  })
})

/** The order fields the modal reads (a Czech customer, as the order detail has them). */
function anOrder() {
  const address = {
    country: 'Czech',
    province: '',
    city: 'Brno',
    street: 'Údolní',
    streetNr: '12',
    postcode: '602 00',
  }
  return {
    _id: orderId,
    clientOrderNr: 'ZR-1001',
    internalNumericId: 5001,
    shipping: {
      shipTo: {
        ...address,
        district: '',
        phone: '+420 777 123 456',
        isCompany: false,
        client: {
          ...address,
          firstName: 'Jana',
          lastName: 'Nováková',
          email: 'jana@example.cz',
          isCompany: false,
          companyName: '',
          taxId: '',
          nr_reg_com: '',
          phone: '+420 777 123 456',
        },
      },
    },
  }
}

describe('Create New Refund (order detail)', () => {
  const renderButton = (order = anOrder()) => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    render(
      <AppProviders>
        <RefundButton order={order} />
      </AppProviders>,
    )
  }

  it('asks the account number and bank code for Czech (CZK), prefilled from the order', async () => {
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Refund' })
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toMatch(/^Jana/)
    expect((within(dialog).getByLabelText('Currency') as HTMLInputElement).value).toBe('CZK')
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('1.00')
    expect(within(dialog).queryByLabelText('IBAN')).toBeNull()
    expect(within(dialog).getByLabelText('Account number')).toBeTruthy()
    expect(within(dialog).getByLabelText('Bank code')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '19-2000145399' } })
    fireEvent.change(within(dialog).getByLabelText('Bank code'), { target: { value: '0800' } })
    server.answers['POST /api/refunds'] = { status: 201, body: aRefund() }
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })))
    await waitFor(() =>
      expect(notificationsStore.get().map((m) => m.message)).toContain(
        'Refund request created and pending for approval.',
      ),
    )
    const sent = server.requests.find((r) => r.method === 'POST')!
    expect(sent.body).toMatchObject({
      order: anOrder()._id,
      country: 'Czech',
      currency: 'CZK',
      amount: 1,
      IBAN: '',
      account_nr: '19-2000145399',
      account_code: '0800',
    })
    expect(sent.idempotencyKey).toBeTruthy()
  })

  it('asks a valid IBAN for EUR and shows the server’s reason on its field', async () => {
    const order = anOrder()
    renderButton({
      ...order,
      shipping: { ...order.shipping, shipTo: { ...order.shipping.shipTo, country: 'Slovakia' } },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Refund' })
    expect((within(dialog).getByLabelText('Currency') as HTMLInputElement).value).toBe('EUR')
    expect(within(dialog).queryByLabelText('Account number')).toBeNull()
    fireEvent.change(within(dialog).getByLabelText('IBAN'), {
      target: { value: 'SK31 1200 0000 1987 4263 7542' },
    })
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })))
    expect(await within(dialog).findByText('Enter a valid IBAN')).toBeTruthy()
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
  })
})

describe('Create New Refund (a processed returned parcel)', () => {
  it('reads the parcel’s order for the first values and sends the refund linked to the parcel', async () => {
    const order = anOrder()
    const parcelId = '0190a0a0-0000-7000-8000-0000000000a1'
    server.answers[`GET /api/orders/${order._id}`] = { status: 200, body: order }
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    render(
      <AppProviders>
        <ParcelRefundButton orderId={order._id} parcelId={parcelId} />
      </AppProviders>,
    )
    expect(server.requests).toEqual([]) // the order is read when asked for
    fireEvent.click(screen.getByRole('button', { name: 'Create New Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Refund' })
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toMatch(/^Jana/)
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '19-2000145399' } })
    fireEvent.change(within(dialog).getByLabelText('Bank code'), { target: { value: '0800' } })
    server.answers['POST /api/refunds'] = { status: 201, body: aRefund() }
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true))
    expect(server.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      order: order._id,
      inboundparcel: parcelId,
      currency: 'CZK',
    })
  })

  it('says why when the order cannot be read, and opens nothing', async () => {
    const order = { ...anOrder(), _id: '0190a0a0-0000-7000-8000-0000000000dd' } // not read before
    server.answers[`GET /api/orders/${order._id}`] = {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Order not found' },
    }
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    render(
      <AppProviders>
        <ParcelRefundButton orderId={order._id} parcelId="0190a0a0-0000-7000-8000-0000000000a1" />
      </AppProviders>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Create New Refund' }))
    await waitFor(() => expect(notificationsStore.get().map((m) => m.message)).toContain('Not found.'))
    // Ready again (its loading icon on the way out), and nothing opened.
    expect(screen.getByRole('button', { name: /Create New Refund$/ })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
