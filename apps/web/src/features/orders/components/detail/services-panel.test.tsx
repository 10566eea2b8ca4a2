import { screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { clientId, fakeApi, json, orderId, renderSignedIn } from './detail-test-fixtures'
import { ServicesPanel } from './services-panel'

const billId = '01a1fc7e-71b5-75d0-a08c-0000000000b1'
const service = (over: Record<string, unknown>) => ({
  _id: `01a1fc7e-71b5-75d0-a08c-00000000${String(Math.random()).slice(2, 6)}`,
  serviceType: { name: 'fulfilment', category: 'warehouse' },
  trigger: 'Order',
  triggerId: orderId,
  triggerRef: 'ZR-1001',
  quantity: 1,
  unitPrice: 26,
  amount: 26,
  currency: 'CZK',
  country: 'Czech',
  isBilled: false,
  description: 'Order ZR-1001',
  bill: null,
  businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
  serviceDate: '2026-11-20',
  createdAt: '2026-11-20T10:00:00.000Z',
  quotation: null,
  ...over,
})

const renderPanel = () =>
  renderSignedIn(
    ['client'],
    <MemoryRouter>
      <ServicesPanel order={{ _id: orderId, status: 'Shipping' }} />
    </MemoryRouter>,
  )

describe('order Services panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    sessionStore.signOut()
  })

  it('lists the services with their amounts, billed with a link to the bill or not billed, and the total', async () => {
    fakeApi({
      [`GET /api/orders/${orderId}/services`]: () =>
        json(200, {
          total: [{ currency: 'CZK', amount: 157.4 }],
          services: [
            service({ isBilled: true, bill: { _id: billId, sequenceNumber: 'BILL-2026-0007' } }),
            service({
              serviceType: { name: 'extra_item', category: 'warehouse' },
              quantity: 3,
              unitPrice: 3.5,
              amount: 10.5,
            }),
            service({ serviceType: { name: 'transport', category: 'courier' }, amount: 120.9 }),
          ],
        }),
    })
    renderPanel()
    expect(await screen.findByText('Transport')).toBeTruthy()
    expect(screen.getByText('Fulfilment')).toBeTruthy()
    expect(screen.getByText('Extra item').closest('div')?.textContent).toMatch(
      /Extra item × 3 — 10[.,]50 CZK/,
    )
    const billed = screen.getByText(/Billed BILL-2026-0007/)
    expect(billed.closest('a')?.getAttribute('href')).toBe(`/billing/bills/${billId}`)
    expect(screen.getAllByText('Not billed')).toHaveLength(2)
    expect(screen.getByText(/Total/).textContent).toMatch(/157[.,]40 CZK/)
  })

  it("says 'No service provided.' when the order has none", async () => {
    fakeApi({ [`GET /api/orders/${orderId}/services`]: () => json(200, { total: [], services: [] }) })
    renderPanel()
    expect(await screen.findByText('No service provided.')).toBeTruthy()
    expect(screen.queryByText(/Total/)).toBeNull()
  })
})
