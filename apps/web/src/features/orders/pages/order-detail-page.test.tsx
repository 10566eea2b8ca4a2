import type { OrderStatus, Role } from '@expedo/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { anOrder, fakeApi, json, orderId, token } from '../components/detail/detail-test-fixtures'
import { OrderDetailPage } from './order-detail-page'

function renderDetail(roles: Role[], path = `/orders/${orderId}`) {
  sessionStore.signIn({ token: token(roles) })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/orders/:id" element={<OrderDetailPage />} />
          <Route path="/orders/v2/:id" element={<OrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const getOrder = (order = anOrder()) => ({ [`GET /api/orders/${orderId}`]: () => json(200, order) })
const heading = () => screen.findByRole('heading', { name: /ZR-1001/ })

// The whole screen renders many antd components: slow in jsdom on a busy machine.
describe('order detail page', () => {
  beforeEach(() => vi.spyOn(console, 'debug').mockImplementation(() => {}))
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    sessionStore.signOut()
  })

  it('/orders/v2/{id} shows banners and header, marks the order open and looks up parcel shops', async () => {
    const order = anOrder({ errMsgs: ['Courier refused the address'] })
    const requests = fakeApi(
      getOrder({ ...order, processing: { ...order.processing, instructions: 'Fragile: wrap the glass' } }),
    )
    renderDetail(['client'], `/orders/v2/${orderId}`)
    await heading()
    expect(screen.getByText('Order Ready for picking')).toBeTruthy()
    expect(screen.getByText('Courier refused the address')).toBeTruthy()
    const warnings = screen.getAllByRole('alert').map((a) => a.textContent)
    expect(warnings).toEqual(
      expect.arrayContaining([
        'Courier refused the address',
        expect.stringContaining('Fragile: wrap the glass'),
      ]),
    )
    expect(screen.getByText(/Internal id 5001/)).toBeTruthy()
    expect(screen.queryByText('Office pick-up')).toBeNull()
    await waitFor(() =>
      expect(requests.map((r) => r.key)).toEqual(
        expect.arrayContaining([
          `POST /api/orders/${orderId}/open`,
          `POST /api/orders/${orderId}/parcelshops`,
        ]),
      ),
    )
    expect(requests.find((r) => r.key.endsWith('/parcelshops'))?.body).toEqual({
      city: 'Brno',
      courierId: '01a1fc7e-71b5-75d0-a08c-0000000000c2',
    })
  })

  it('cancels after the confirmation and the badge shows Canceled', async () => {
    const requests = fakeApi({
      ...getOrder(),
      [`POST /api/orders/${orderId}/cancel`]: () => json(200, anOrder({ status: 'Canceled' })),
    })
    renderDetail(['client'])
    await heading()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const yes = await screen.findByRole('button', { name: 'Yes, Cancel Order' })
    await act(async () => fireEvent.click(yes))
    await waitFor(() => expect(screen.getByText('Canceled')).toBeTruthy())
    expect(requests.filter((r) => r.key === `POST /api/orders/${orderId}/cancel`)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
  })

  it('an operator moves the order on: Product Picking → Packed, then Shipping is offered', async () => {
    const requests = fakeApi({
      ...getOrder(anOrder({ status: 'Product Picking' })),
      [`PUT /api/orders/${orderId}`]: (body) =>
        json(200, anOrder({ status: (body as { status: OrderStatus }).status })),
    })
    renderDetail(['operator'])
    await heading()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Packed' })))
    expect(await screen.findByRole('button', { name: 'Shipping' })).toBeTruthy()
    expect(requests.find((r) => r.key.startsWith('PUT'))?.body).toEqual({ status: 'Packed' })
  })

  it('a finance user reads the order without edit buttons, actions or the add form', async () => {
    fakeApi(getOrder())
    renderDetail(['finance'])
    await heading()
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add product' })).toBeNull()
  })

  it('a city edit is sent as shipTo.city and shown from the answer', async () => {
    const requests = fakeApi({
      ...getOrder(),
      [`PUT /api/orders/${orderId}`]: () => {
        const o = anOrder()
        return json(200, {
          ...o,
          shipping: { ...o.shipping, shipTo: { ...o.shipping.shipTo, city: 'Olomouc' } },
        })
      },
    })
    renderDetail(['client'])
    await heading()
    fireEvent.click(screen.getByRole('button', { name: 'Edit City' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Olomouc' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save City' })))
    expect(await screen.findByText('Olomouc')).toBeTruthy()
    expect(requests.find((r) => r.key.startsWith('PUT'))?.body).toEqual({ shipTo: { city: 'Olomouc' } })
  })

  it('an unknown order shows not found with a link back to /orders', async () => {
    fakeApi({})
    renderDetail(['client'])
    expect(await screen.findByText('Order not found')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe('/orders')
  })

  it('a failed load shows Network Error', async () => {
    fakeApi({
      [`GET /api/orders/${orderId}`]: () =>
        json(500, { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'boom' }),
    })
    renderDetail(['client'])
    expect(await screen.findByText('Network Error')).toBeTruthy()
  })

  it('Duplicate opens the copy in a new tab', async () => {
    const tab = { location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const copyId = '01a1fc7e-71b5-75d0-a08c-0000000000f1'
    fakeApi({
      ...getOrder(),
      [`GET /api/orders/${orderId}/duplicate`]: () =>
        json(200, { ...anOrder({ status: 'Draft' }), _id: copyId }),
    })
    renderDetail(['client'])
    await heading()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Duplicate/ })))
    await waitFor(() => expect(tab.location.href).toBe(`/orders/${copyId}`))
  })
})
