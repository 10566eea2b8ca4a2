import type { InboundParcel, InboundParcelDetails } from '@expedo/domain'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const parcelId = '0190a0a0-0000-7000-8000-0000000000a1'
const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
const productId = '0190a0a0-0000-7000-8000-0000000000e1'
const warehouseId = '0190a0a0-0000-7000-8000-0000000000f1'

const signedInAs = (role: 'client' | 'operator') =>
  act(() =>
    sessionStore.signIn(
      role === 'client' ? sessionUser('eshop1', ['client'], clientId) : sessionUser('desk', ['operator']),
    ),
  )

function parcel(overrides: Partial<InboundParcelDetails> = {}): InboundParcelDetails {
  return {
    _id: parcelId,
    parcelNr: 'RP000042',
    status: 'New',
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    order: { _id: orderId, clientOrderNr: 'ZR-1001', status: 'Shipping' },
    trackingId: 'DR1234567890',
    warehouse: { _id: warehouseId, name: 'Brno sklad' },
    condition: 'mixed',
    note: 'Box dented',
    units: 3,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-20T09:15:00.000Z',
    processedAt: null,
    items: [
      {
        _id: '0190a0a0-0000-7000-8000-0000000000b1',
        product: { _id: productId, name: 'Garden hose 20 m', sku: 'HOSE-20' },
        quantity: 2,
        condition: 'available',
        stockMovement: null,
      },
      {
        _id: '0190a0a0-0000-7000-8000-0000000000b2',
        product: { _id: '0190a0a0-0000-7000-8000-0000000000e2', name: 'Watering can', sku: 'CAN-5' },
        quantity: 1,
        condition: 'damaged',
        stockMovement: null,
      },
    ],
    photos: [
      {
        _id: '0190a0a0-0000-7000-8000-0000000000c9',
        publicurl: '/files/inbound/box.png',
        filename: 'box.png',
      },
    ],
    createdBy: 'desk',
    processedBy: null,
    ...overrides,
  }
}
const row = (p: InboundParcelDetails): InboundParcel => {
  const { items: _i, photos: _p, createdBy: _c, processedBy: _b, ...rest } = p
  return rest
}
/** The order the register form finds (lookup answer). */
const match = {
  _id: orderId,
  clientOrderNr: 'ZR-1001',
  trackingId: 'DR1234567890',
  status: 'Shipping',
  businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
  items: [
    {
      product: { _id: productId, name: 'Garden hose 20 m', sku: 'HOSE-20' },
      sku: 'HOSE-20',
      name: 'Hose',
      quantity: 3,
    },
    {
      product: { _id: '0190a0a0-0000-7000-8000-0000000000e2', name: 'Watering can', sku: 'CAN-5' },
      sku: 'CAN-5',
      name: 'Can',
      quantity: 1,
    },
  ],
}
const requested = () => server.requests.map((r) => `${r.method} ${r.url}`)

describe('returned parcels list', () => {
  it('lists parcels with links, and sends the filters of the URL; a new status goes back to page 1', async () => {
    signedInAs('client')
    server.answers['GET /api/parcels/inbound?searchTerm=ZR-1001&currentPage=2&itemsPerPage=10'] = {
      status: 200,
      body: { list: [row(parcel())], total: 11 },
    }
    renderAt('/parcels/inbound?q=ZR-1001&page=2')
    const link = await screen.findByRole('link', { name: 'RP000042' })
    expect(link.getAttribute('href')).toBe(`/parcels/inbound/${parcelId}`)
    const tr = link.closest('tr') as HTMLElement
    expect(within(tr).getByRole('link', { name: 'ZR-1001' }).getAttribute('href')).toBe(`/orders/${orderId}`)
    expect(within(tr).getByText('DR1234567890')).toBeTruthy()
    expect(within(tr).getByText('Mixed')).toBeTruthy()
    expect(within(tr).getByText('New').closest('.ant-tag')?.className).toContain('red')
    // A client neither registers nor picks a business client.
    expect(screen.queryByRole('button', { name: 'Register parcel' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Business client' })).toBeNull()

    server.answers[
      'GET /api/parcels/inbound?searchTerm=ZR-1001&status=Processed&currentPage=1&itemsPerPage=10'
    ] = { status: 200, body: { list: [], total: 0 } }
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }))
    fireEvent.click(await screen.findByTitle('Processed'))
    await waitFor(() =>
      expect(requested()).toContain(
        'GET /api/parcels/inbound?searchTerm=ZR-1001&status=Processed&currentPage=1&itemsPerPage=10',
      ),
    )
    expect(await screen.findByText('No returned parcels')).toBeTruthy()
  })

  it('says "more than 10,000" when the server capped the count (a broad search)', async () => {
    signedInAs('operator')
    server.answers['GET /api/parcels/inbound?searchTerm=DR&currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [row(parcel())], total: 10_000, totalCapped: true },
    }
    renderAt('/parcels/inbound?q=DR')
    expect(await screen.findByText('1–10 of more than 10,000')).toBeTruthy()
  })
})

describe('returned parcel detail', () => {
  it('shows items and photos; the operator sets it as processed after confirming', async () => {
    signedInAs('operator')
    server.answers[`GET /api/parcels/inbound/${parcelId}`] = { status: 200, body: parcel() }
    server.answers[`POST /api/parcels/inbound/${parcelId}/process`] = {
      status: 200,
      body: parcel({ status: 'Processed', processedAt: '2026-11-21T10:00:00.000Z', processedBy: 'desk' }),
    }
    renderAt(`/parcels/inbound/${parcelId}`)
    expect(await screen.findByText('Returned parcel RP000042')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Garden hose 20 m' })).toBeTruthy()
    expect(screen.getByText('Back to stock')).toBeTruthy()
    expect(screen.getByText('Damaged')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'box.png' })).toBeTruthy()
    expect(screen.getByText('Box dented')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Set as processed' }))
    const popover = await screen.findByRole('tooltip')
    expect(within(popover).getByText(/back on stock in Brno sklad/)).toBeTruthy()
    expect(requested()).not.toContain(`POST /api/parcels/inbound/${parcelId}/process`)
    fireEvent.click(within(popover).getByRole('button', { name: /OK|Yes/i }))
    await waitFor(() => expect(requested()).toContain(`POST /api/parcels/inbound/${parcelId}/process`))
    expect(await screen.findByText('Processed', { selector: '.ant-tag' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Set as processed' })).toBeNull())
  })

  it('the operator changes a New parcel in the same form, pre-filled (PUT)', async () => {
    signedInAs('operator')
    server.answers[`GET /api/parcels/inbound/${parcelId}`] = { status: 200, body: parcel() }
    server.answers['GET /api/parcels/inbound/lookup/order?term=ZR-1001'] = { status: 200, body: [match] }
    server.answers['GET /api/warehouse'] = {
      status: 200,
      body: [{ _id: warehouseId, name: 'Brno sklad', country: 'Czech' }],
    }
    server.answers[`PUT /api/parcels/inbound/${parcelId}`] = {
      status: 200,
      body: parcel({ note: 'Recounted' }),
    }
    renderAt(`/parcels/inbound/${parcelId}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Change returned parcel RP000042')).toBeTruthy()
    const hose = await within(dialog).findByRole('spinbutton', { name: 'Returned HOSE-20' })
    expect((hose as HTMLInputElement).value).toBe('2')
    fireEvent.change(hose, { target: { value: '1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        order: orderId,
        trackingId: 'DR1234567890',
        warehouse: warehouseId,
        condition: 'mixed',
        note: 'Box dented',
        items: [
          { product: productId, quantity: 1, condition: 'available' },
          { product: '0190a0a0-0000-7000-8000-0000000000e2', quantity: 1, condition: 'damaged' },
        ],
        photos: ['0190a0a0-0000-7000-8000-0000000000c9'],
      }),
    )
    expect(await screen.findByText('Recounted')).toBeTruthy()
  })

  it('is read-only for a client, and a parcel not found says so', async () => {
    signedInAs('client')
    server.answers[`GET /api/parcels/inbound/${parcelId}`] = { status: 200, body: parcel() }
    renderAt(`/parcels/inbound/${parcelId}`)
    expect(await screen.findByText('Returned parcel RP000042')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Set as processed' })).toBeNull()
  })

  it('offers the client a refund of a processed parcel (Create New Refund), the operator none, nor before processing', async () => {
    const processed = parcel({ _id: '0190a0a0-0000-7000-8000-0000000000a7', status: 'Processed' })
    server.answers[`GET /api/parcels/inbound/${processed._id}`] = { status: 200, body: processed }
    server.answers[`GET /api/parcels/inbound/${parcelId}`] = { status: 200, body: parcel() }
    signedInAs('client')
    renderAt(`/parcels/inbound/${processed._id}`)
    expect(await screen.findByRole('button', { name: 'Create New Refund' })).toBeTruthy()
    cleanup()
    renderAt(`/parcels/inbound/${parcelId}`)
    expect(await screen.findByText('Returned parcel RP000042')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create New Refund' })).toBeNull()
    cleanup()
    signedInAs('operator')
    renderAt(`/parcels/inbound/${processed._id}`)
    expect(await screen.findByText('Returned parcel RP000042')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create New Refund' })).toBeNull()
  })

  it('answers a missing parcel with its not-found page', async () => {
    signedInAs('client')
    renderAt('/parcels/inbound/0190a0a0-0000-7000-8000-0000000000ff')
    expect(await screen.findByText('Parcel not found')).toBeTruthy()
  })
})

describe('register parcel', () => {
  it('finds the order by tracking id and registers the returned lines with their conditions', async () => {
    signedInAs('operator')
    server.answers['GET /api/parcels/inbound?currentPage=1&itemsPerPage=10'] = {
      status: 200,
      body: { list: [], total: 0 },
    }
    server.answers['GET /api/parcels/inbound/lookup/order?term=DR1234567890'] = { status: 200, body: [match] }
    server.answers['GET /api/warehouse'] = {
      status: 200,
      body: [{ _id: warehouseId, name: 'Brno sklad', country: 'Czech' }],
    }
    server.answers['POST /api/parcels/inbound'] = { status: 201, body: parcel() }
    server.answers[`GET /api/parcels/inbound/${parcelId}`] = { status: 200, body: parcel() }
    renderAt('/parcels/inbound')
    fireEvent.click(await screen.findByRole('button', { name: 'Register parcel' }))
    const dialog = await screen.findByRole('dialog')
    const find = within(dialog).getByRole('searchbox', { name: 'Tracking id or order number' })
    fireEvent.change(find, { target: { value: 'DR1234567890' } })
    fireEvent.keyDown(find, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(await within(dialog).findByText('Order ZR-1001 · Zahradní ráj s.r.o.')).toBeTruthy()

    // Nothing returned yet: registering is refused with the reason, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }))
    expect(await within(dialog).findByText('Enter the quantity of at least one returned item.')).toBeTruthy()
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Warehouse' }))
    fireEvent.click(await screen.findByTitle('Brno sklad'))
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Returned HOSE-20' }), {
      target: { value: '2' },
    })
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Returned CAN-5' }), {
      target: { value: '1' },
    })
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Goes to CAN-5' }))
    fireEvent.click((await screen.findAllByTitle('Damaged')).at(-1)!)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        order: orderId,
        trackingId: 'DR1234567890',
        warehouse: warehouseId,
        condition: 'good',
        note: '',
        items: [
          { product: productId, quantity: 2, condition: 'available' },
          { product: '0190a0a0-0000-7000-8000-0000000000e2', quantity: 1, condition: 'damaged' },
        ],
        photos: [],
      }),
    )
    expect(server.requests.find((r) => r.method === 'POST')?.idempotencyKey).toBeTruthy()
    expect(await screen.findByText('Returned parcel RP000042')).toBeTruthy()
  })
})
