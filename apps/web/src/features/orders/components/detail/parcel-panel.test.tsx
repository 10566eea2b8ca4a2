import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { clientId, fakeApi, json, orderId, renderSignedIn } from './detail-test-fixtures'
import { ParcelPanel } from './parcel-panel'

const parcelId = '01a1fc7e-71b5-75d0-a08c-0000000000f1'

const renderPanel = () =>
  renderSignedIn(
    ['client'],
    <MemoryRouter>
      <ParcelPanel orderId={orderId} />
    </MemoryRouter>,
  )

describe('order Returned parcel panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    sessionStore.signOut()
  })

  it('links the parcel with its number and status', async () => {
    fakeApi({
      [`GET /api/orders/${orderId}/parcel`]: () =>
        json(200, {
          _id: parcelId,
          parcelNr: 'RP000042',
          status: 'Processed',
          businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
          order: { _id: orderId, clientOrderNr: 'ZR-1001', status: 'Shipping' },
          trackingId: 'DR1234567890',
          warehouse: { _id: parcelId, name: 'Brno' },
          condition: 'good',
          note: '',
          units: 1,
          createdAt: '2026-11-20T10:00:00.000Z',
          updatedAt: '2026-11-20T10:00:00.000Z',
          processedAt: '2026-11-21T10:00:00.000Z',
        }),
    })
    renderPanel()
    const link = await screen.findByRole('link', { name: 'RP000042' })
    expect(link.getAttribute('href')).toBe(`/parcels/inbound/${parcelId}`)
    expect(screen.getByText('Processed').closest('.ant-tag')?.className).toContain('green')
  })

  it("says 'No received parcel related to this order.' when the order has none (null)", async () => {
    fakeApi({ [`GET /api/orders/${orderId}/parcel`]: () => json(200, null) })
    renderPanel()
    expect(await screen.findByText('No received parcel related to this order.')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })
})
